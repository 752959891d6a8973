/** The join form (lobby dialog and room page): the room's facts, its PIN when private, the terms. */
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { codeText } from './codeText.ts';
import { money, RoomFacts } from './RoomBits.tsx';
import type { roomMachine } from './roomMachine.ts';
import { joinable, seatsLeft } from './rules.ts';
import { useRoomsText } from './useRoomsText.ts';

export function JoinForm({
  actor,
  onCancel,
}: {
  actor: ActorRefFrom<typeof roomMachine>;
  onCancel?: () => void;
}) {
  const { t } = useRoomsText();
  const main = useTranslation();
  const room = useSelector(actor, (s) => s.context.room);
  const pin = useSelector(actor, (s) => s.context.pin);
  const terms = useSelector(actor, (s) => s.context.terms);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.matches({ joining: 'submitting' }));
  if (!room) return null;
  // A full or started room is shown, not offered: its facts and why it takes no one.
  if (!joinable(room))
    return (
      <div className="join-form" data-joinable="false">
        <h2>{t('join.viewTitle')}</h2>
        <RoomFacts room={room} />
        <p className="room-note" role="note" data-testid="not-joinable">
          {seatsLeft(room) === 0 ? t('join.full') : t('join.closed')}
        </p>
      </div>
    );
  const join = () => actor.send({ type: 'room.join', requestId: `join-${crypto.randomUUID()}` });
  return (
    <form
      className="join-form"
      onSubmit={(e) => {
        e.preventDefault();
        join();
      }}
    >
      <h2>{t('join.title')}</h2>
      <RoomFacts room={room} />
      {room.room_type === 2 ? (
        <label className="pin" data-tour="pin">
          {t('join.pin')}
          <input
            name="pin"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={pin}
            onChange={(e) => actor.send({ type: 'room.pin.change', pin: e.target.value.trim() })}
          />
        </label>
      ) : null}
      <label className="terms">
        <input
          type="checkbox"
          name="terms"
          checked={terms}
          onChange={(e) => actor.send({ type: 'room.terms.change', accepted: e.target.checked })}
        />
        {room.room_type === 3
          ? t('join.termsFree')
          : t('join.terms', { fee: money(room.rate, room.currency) })}
      </label>
      {error ? (
        <p className="form-error" role="alert" data-code={error}>
          {codeText(main.t, error, { length: 6 })}
        </p>
      ) : null}
      <div className="buttons">
        <button type="submit" disabled={busy}>
          {t('join.submit')}
        </button>
        {onCancel ? (
          <button type="button" className="secondary" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
