/** Small pieces the rooms pages share: money, status and type labels, a ticking countdown. */
import { RoomStatus } from '@sportsbook/protocol';
import type { ReactNode } from 'react';
import { formatMoney, toMinor } from '../../shared/money.ts';
import { useNow } from '../../shared/useNow.ts';
import { countdown, gmt8 } from './rules.ts';
import type { Room } from './types.ts';
import { useRoomsText } from './useRoomsText.ts';

/** A reply amount (major units) in the room's currency, rounded once to minor units. */
export function money(amount: number, currency: string): string {
  return `${currency} ${formatMoney(toMinor(amount, currency), currency)}`;
}

export function StatusBadge({ room }: { room: Pick<Room, 'status'> }) {
  const { t } = useRoomsText();
  return (
    <span className={`room-status room-status-${room.status}`} data-status={room.status}>
      {t(`status.${String(room.status)}`)}
    </span>
  );
}

export function FeeText({ room }: { room: Pick<Room, 'rate' | 'currency' | 'room_type'> }) {
  const { t } = useRoomsText();
  return <>{room.room_type === 3 || room.rate === 0 ? t('fee.free') : money(room.rate, room.currency)}</>;
}

/** The time in GMT+8 and what is left until it (ticking every second). */
export function Countdown({
  label,
  at,
  testId,
  over = false,
}: {
  label: string;
  at: string;
  testId: string;
  over?: boolean;
}) {
  const { t } = useRoomsText();
  const now = useNow();
  // The room's status wins over the clock: a started room's last join time has passed.
  const left = over ? null : countdown(at, now);
  return (
    <div className="room-countdown" data-testid={testId}>
      <dt>{label}</dt>
      <dd>
        <time dateTime={at}>{gmt8(at)}</time>{' '}
        <span className="left">{left === null ? t('countdown.passed') : t('countdown.left', { left })}</span>
      </dd>
    </div>
  );
}

/** A room's facts: id, type, fee, prize pool, players, starting points, and the two countdowns. */
export function RoomFacts({ room }: { room: Room }) {
  const { t } = useRoomsText();
  const facts: [string, ReactNode, string?][] = [
    ['room.id', `#${room.room_id}`],
    ['room.type', t(`type.${room.room_type}`)],
    ['room.fee', <FeeText key="fee" room={room} />],
    ['room.prizePool', money(room.prize_pool, room.currency)],
    ['room.seats', t('room.players', { players: room.players, limit: room.limit }), 'players'],
    ['room.bankroll', t('points.amount', { points: room.bankroll })],
  ];
  return (
    <dl className="room-facts">
      {facts.map(([label, value, testId]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
      <Countdown
        label={t('room.lastJoin')}
        at={room.last_join_time}
        testId="join-countdown"
        over={room.status !== RoomStatus.open}
      />
      <Countdown
        label={t('room.lastBetting')}
        at={room.last_betting_time}
        testId="betting-countdown"
        over={room.status !== RoomStatus.open && room.status !== RoomStatus.active}
      />
    </dl>
  );
}
