/** My points bets in a room: kind, legs with their prices, stake, status and what came back. */
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { legText } from '../board/view.ts';
import { type RoomActor, useMyBets } from './useRoomData.ts';
import { useRoomsText } from './useRoomsText.ts';

export function MyBets({ actor }: { actor: RoomActor }) {
  const { t } = useRoomsText();
  const book = useBook();
  const bets = useMyBets(actor);
  return (
    <div className="my-bets">
      <h3>{t('bets.title')}</h3>
      {bets.length === 0 ? <p className="muted">{t('bets.none')}</p> : null}
      <ul data-testid="my-bets">
        {bets.map((b) => (
          <li key={b.bet_id} data-status={b.status}>
            <span>
              {t(`slip.mode.${b.kind}`)} ·{' '}
              {b.legs.map((l) => `${legText(l, book.t)} @ ${l.price.toFixed(2)}`).join(' + ')}
            </span>
            <span>
              {t('bets.stake', { stake: b.stake.toFixed(2) })} ·{' '}
              {t(`bets.status.${b.status}`, { defaultValue: b.status })}
              {b.settled_time ? ` · ${t('bets.returned', { points: b.returned.toFixed(2) })}` : ''}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
