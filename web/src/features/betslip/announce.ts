/**
 * What the slip says to a screen reader, in one polite live region (BetSlip's
 * `[data-slip-live]`, always rendered, also while a phone's sheet is closed): a moved price (or
 * Myanmar body, or line) of a pick on the slip, and the result of a placement: waiting, accepted
 * with its reference, rejected with its reason in the player's language. The board never speaks for
 * the slip's picks: the slip does, once per move.
 */
import { formatOdds, type OddsFormat, uiActionFor } from '@sportsbook/protocol';
import { useEffect, useRef, useState } from 'react';
import { catalogueText } from '../../shared/i18n/index.ts';
import { selectionText } from '../board/view.ts';
import { isMyanmarSelection } from './rules.ts';
import type { BetView, Selection } from './types.ts';

type T = (key: string, options?: Record<string, unknown>) => string;

function priceText(p: number, format: OddsFormat): string {
  try {
    return formatOdds(p, format, { from: 'DEC' });
  } catch {
    return '';
  }
}

/** "Price changed: Home 1 v Away 1: Home 1 -0.25 now at 1.95." (a Myanmar pick: its new body). */
export function pickChangedText(s: Selection, format: OddsFormat, t: T): string {
  const pick = `${s.home} v ${s.away}: ${selectionText(s, t)}`;
  return isMyanmarSelection(s)
    ? t('slip.live.pickChanged', { pick })
    : t('slip.live.priceChanged', { pick, price: priceText(s.price, format) });
}

/**
 * The outcome of a placement as said: null for a state that is not an outcome. `error` is the
 * slip's code of a rejection (the bet's reject_reason), said through the error catalogue.
 */
export function outcomeText(
  state: string,
  bet: BetView | null,
  error: string | null,
  t: T,
  tAll: T,
): string | null {
  if (state === 'waiting') return t('slip.waiting');
  if (state === 'accepted') return t('slip.accepted', { ref: bet?.ref_no ?? '' });
  if (state === 'rejected') {
    const code = error ?? bet?.reject_reason ?? null;
    return code && code !== 'rejected'
      ? t('slip.live.rejected', { reason: catalogueText(tAll, uiActionFor(code, { loggedIn: true })) })
      : t('slip.rejected');
  }
  return null;
}

const keyOf = (s: Selection) => `${s.oddsId}:${s.selection}`;

/** The live region's text, kept as the slip changes. */
export function useSlipAnnouncement(
  state: string,
  selections: readonly Selection[],
  bet: BetView | null,
  error: string | null,
  format: OddsFormat,
  t: T,
  tAll: T,
): string {
  const [text, setText] = useState('');
  const seen = useRef<Map<string, Selection> | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: said when the picks change, in the language of that moment
  useEffect(() => {
    const before = seen.current;
    seen.current = new Map(selections.map((s) => [keyOf(s), s]));
    if (before === null) return;
    let moved: Selection | null = null;
    for (const s of selections) {
      const old = before.get(keyOf(s));
      if (old && (old.price !== s.price || old.line !== s.line)) moved = s;
    }
    if (moved) setText(pickChangedText(moved, format, t));
  }, [selections]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: said when the outcome changes
  useEffect(() => {
    // A new placement clears the line, so that the same outcome twice is said twice.
    if (state === 'placing') {
      setText('');
      return;
    }
    const said = outcomeText(state, bet, error, t, tAll);
    if (said !== null) setText(said);
  }, [state, bet?.ref_no, error]);
  return text;
}
