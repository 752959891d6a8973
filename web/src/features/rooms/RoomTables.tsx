/** A room's two tables: the live ranking (my row marked; prizes once it ended) and the prize table. */
import { money } from './RoomBits.tsx';
import type { RankRow, Room } from './types.ts';
import { useRoomsText } from './useRoomsText.ts';

export function RankingTable({
  room,
  ranking,
  me,
  ended,
}: {
  room: Room;
  ranking: readonly RankRow[];
  me: RankRow | null;
  ended: boolean;
}) {
  const { t } = useRoomsText();
  // Nicknames may repeat (masked logins): my row is my rank, as my session's reply last said.
  const isMe = (row: { rank: number; nickname: string }) =>
    me !== null && row.rank === me.rank && row.nickname === me.nickname;
  return (
    <table className="ranking" data-testid="ranking">
      <thead>
        <tr>
          <th>{t('ranking.rank')}</th>
          <th>{t('ranking.player')}</th>
          <th>{t('ranking.points')}</th>
          {ended ? <th>{t('ranking.prize')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {ranking.map((row) => (
          <tr
            key={row.rank}
            className={isMe(row) ? 'me' : undefined}
            aria-current={isMe(row) ? 'true' : undefined}
            data-rank={row.rank}
          >
            <td>{row.rank}</td>
            <td>{row.nickname}</td>
            <td data-points={row.points}>{row.points.toFixed(2)}</td>
            {ended ? <td>{money(row.prize, room.currency)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PrizeTable({ room }: { room: Room }) {
  const { t } = useRoomsText();
  return (
    <>
      <p data-testid="prize-pool">{t('prizes.pool', { pool: money(room.prize_pool, room.currency) })}</p>
      <table className="prize-table">
        <tbody>
          {room.prizes.map((prize, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the rank
            <tr key={i}>
              <td>{t('prizes.rank', { rank: i + 1 })}</td>
              <td>{money(prize, room.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">{t('prizes.rules', { pct: room.commission_pct })}</p>
    </>
  );
}
