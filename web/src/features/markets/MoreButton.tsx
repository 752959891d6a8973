/**
 * The "+N" of a board row: how many market lines the match has beyond the row (groups.ts
 * `extraMarkets`, from the board topic's head counts); a click opens the match's markets panel.
 */
import { useContext } from 'react';
import { type MarketsT, MarketsText } from './text.ts';
import './more.css';

/**
 * The label's template per `t` (a language's `t` is a new function once its file is in): i18next
 * looks the key up, tries the plural forms of the count and interpolates on every call, and a board
 * asks for one label per row. No language has plural forms of this label (the test compares the
 * template with i18next's text for many counts in every language), so one template per language
 * serves every row; the match and count go in by a function, so a `$` in a team's name stays as it is.
 */
const templates = new WeakMap<MarketsT, string | null>();
const Marks = /\uE000|\uE001/g;

export function moreLabel(t: MarketsT, match: string, count: number): string {
  let template = templates.get(t);
  if (template === undefined) {
    const text = t('more.label', { match: '\uE000', count: '\uE001' });
    const once = (mark: string) => text.split(mark).length === 2;
    // Each mark once: else this language's text is asked for every time.
    template = once('\uE000') && once('\uE001') ? text : null;
    templates.set(t, template);
  }
  if (template === null) return t('more.label', { match, count });
  return template.replace(Marks, (mark) => (mark === '\uE000' ? match : String(count)));
}

export function MoreButton(props: {
  matchId: number;
  count: number;
  match: string;
  open: boolean;
  onOpen: (matchId: number) => void;
}) {
  const t = useContext(MarketsText);
  if (props.count <= 0) return null;
  return (
    <button
      type="button"
      className="markets-more"
      data-more={props.matchId}
      aria-pressed={props.open}
      aria-label={moreLabel(t, props.match, props.count)}
      onClick={() => props.onOpen(props.matchId)}
    >
      +{props.count}
    </button>
  );
}
