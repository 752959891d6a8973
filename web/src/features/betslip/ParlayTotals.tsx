/**
 * The slip's result for a parlay or system parlay: SPEC section 3's parlay totals (total bet,
 * total stake, total payout, total accept, total reject, combination) from the placement reply.
 */
import { usePlayer } from '../../shared/i18n/player/usePlayer.ts';
import { formatMoney, toMinor } from '../../shared/money.ts';
import type { BetView } from './types.ts';

export function ParlayTotals({ bet }: { bet: BetView | null }) {
  const { t } = usePlayer();
  const totals = bet?.totals;
  if (!bet || !totals) return null;
  const money = (major: number) => formatMoney(toMinor(major, bet.currency), bet.currency);
  const rows: [string, string | number][] = [
    ['totals.bets', totals.total_bet],
    ['totals.stake', money(totals.total_stake)],
    ['totals.payout', money(totals.total_payout)],
    ['totals.accepted', totals.total_accept],
    ['totals.rejected', totals.total_reject],
    ['totals.combination', totals.combination],
  ];
  return (
    <dl className="parlay-totals" aria-label={t('totals.title')} data-parlay-totals="">
      {rows.map(([key, value]) => (
        <div key={key} data-total={key.slice('totals.'.length)}>
          <dt>{t(key)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
