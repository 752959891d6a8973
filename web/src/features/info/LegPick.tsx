/**
 * How the bet list, the settled history and the system parlays name a placed bet's pick:
 * the same words as the slip (board/view.ts `legText`, protocol pick.ts: the team or over/under with
 * its own signed line, a Myanmar leg's gives/takes and body), and prices in ONE format, the member's
 * (layout `pageDisplay.oddsType`), with the decimal price in the title (hover, long press) and in
 * `data-decimal`. A parlay's total odds are a product of decimal prices: shown in decimal, said so.
 */
import { formatOdds, isMyanmarBetType, type OddsFormat } from '@sportsbook/protocol';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import type { BetLegView, BetView } from '../betslip/types.ts';
import { useOddsFormat } from '../betslip/useSlipActor.ts';
import { legText } from '../board/view.ts';

function formatted(decimal: number, format: OddsFormat): string {
  try {
    return formatOdds(decimal, format, { from: 'DEC' });
  } catch {
    return decimal.toFixed(2);
  }
}

/** A decimal price in the member's format, the decimal in its title. */
export function OddsText({ decimal }: { decimal: number }) {
  const { t } = useBook();
  const format = useOddsFormat();
  if (!(decimal > 1)) return null;
  return (
    <span
      className="odds-text"
      data-decimal={decimal}
      title={t('odds.decimalTitle', { price: decimal.toFixed(2) })}
    >
      {formatted(decimal, format)}
    </span>
  );
}

/** A leg's pick; `withPrice` adds "@ price" (parlay legs: a single's price is its row's odds column). */
export function LegPick({ leg, withPrice }: { leg: BetLegView; withPrice: boolean }) {
  const { t } = useBook();
  const myanmar = isMyanmarBetType(leg.bet_type);
  return (
    <span className="leg-pick">
      <span data-pick-text="">{legText(leg, t)}</span>
      {withPrice && !myanmar && leg.price > 1 ? (
        <>
          {' @ '}
          <OddsText decimal={leg.price} />
        </>
      ) : null}
    </span>
  );
}

/** A bet's odds column: a single's price in the member's format; a parlay's total in decimal. */
export function BetOdds({ bet }: { bet: BetView }) {
  const { t } = useBook();
  const [only] = bet.legs;
  if (bet.legs.length === 1 && only) {
    if (isMyanmarBetType(only.bet_type)) return <>{only.body ?? ''}</>;
    return <OddsText decimal={only.price} />;
  }
  if (!bet.odds) return null;
  return (
    <span
      className="odds-text"
      data-decimal={bet.odds}
      title={t('odds.decimalTitle', { price: bet.odds.toFixed(2) })}
    >
      {bet.odds.toFixed(2)}
    </span>
  );
}

/** A leg's final or current score, after its pick: " (2-1)". */
export function LegScore({ score }: { score: readonly [number, number] }) {
  return (
    <span className="leg-score">
      {' '}
      ({score[0]}-{score[1]})
    </span>
  );
}
