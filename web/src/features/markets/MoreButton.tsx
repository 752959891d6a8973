/**
 * The "+N" of a board row: how many market lines the match has beyond the row (groups.ts
 * `extraMarkets`, from the board topic's head counts); a click opens the match's markets panel.
 */
import { useContext } from 'react';
import { MarketsText } from './text.ts';
import './more.css';

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
      aria-label={t('more.label', { match: props.match, count: props.count })}
      onClick={() => props.onOpen(props.matchId)}
    >
      +{props.count}
    </button>
  );
}
