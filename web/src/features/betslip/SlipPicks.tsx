/**
 * The slip's picks (match, the pick's name from its current line, its price, remove) and the
 * polite notice of a pick replaced by another of the same match.
 */
import { formatOdds, type OddsFormat } from '@sportsbook/protocol';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { selectionText } from '../board/view.ts';
import { isMyanmarSelection } from './rules.ts';
import type { SlipRef, SlipView } from './useSlipView.ts';

function price(p: number, format: OddsFormat): string {
  try {
    return formatOdds(p, format, { from: 'DEC' });
  } catch {
    return '';
  }
}

export function SlipPicks({ slip, view }: { slip: SlipRef; view: SlipView }) {
  const { t } = useBook();
  const { ctx } = view;
  const replaced = ctx.replaced;
  return (
    <>
      <ul className="slip-picks">
        {ctx.selections.map((s) => (
          <li
            key={s.oddsId + s.selection}
            data-pick={s.oddsId}
            className={ctx.quotes[s.oddsId]?.suspended ? 'locked' : ''}
          >
            <div className="pick-match">
              {s.home} v {s.away}
            </div>
            <div className="pick-label">
              {/* Named from the pick's current line (protocol pick.ts); a Myanmar pick's text carries its body. */}
              <span data-pick-text="">{selectionText(s, t)}</span>
              {isMyanmarSelection(s) ? null : (
                <>
                  {' '}
                  <b data-slip-price={s.price}>@ {price(s.price, ctx.account.oddsFormat)}</b>
                </>
              )}
            </div>
            <button
              type="button"
              aria-label={t('slip.remove')}
              onClick={() => slip.send({ type: 'bet.remove', oddsId: s.oddsId })}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {/* A polite live region, always there, so the replacement is announced when it happens. */}
      <p className="slip-notice" role="status" data-replaced={replaced?.oddsId}>
        {replaced
          ? t('slip.replaced', {
              pick: `${replaced.home} v ${replaced.away}: ${selectionText(replaced, t)}`,
            })
          : null}
      </p>
    </>
  );
}
