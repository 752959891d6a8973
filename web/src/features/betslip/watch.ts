/**
 * The slip's view of its picks on the odds stream: for each pick, whether its market is open and
 * what its price and line are now. A pick is stale when its topic is stale or the stream is not
 * live; suspended when the odds row is gone or suspended, or its match is suspended or over, or
 * the row's label at the picked index is no longer the one picked (`Selection.rowLabel`).
 */
import { isMyanmarBetType, type MarketModel } from '@sportsbook/protocol';
import { combineLatest, distinctUntilChanged, map, merge, type Observable } from 'rxjs';
import type { OddsStream } from '../../shared/stream/oddsStream.ts';
import type { TopicView } from '../../shared/stream/topicState.ts';
import type { LiveQuote, Selection } from './types.ts';

export function quoteOf(view: TopicView<MarketModel>, selection: Selection, live: boolean): LiveQuote {
  const model = view.model;
  const odds = model?.odds[selection.oddsId];
  const match = model?.match[String(selection.matchId)];
  const stale = view.stale || !live || model === null;
  if (!model) return { oddsId: selection.oddsId, suspended: false, stale, price: null, line: null };
  // A labelled row (CS, TG...) whose index now names another outcome: not the pick the player made.
  const relabelled =
    selection.rowLabel != null &&
    odds !== undefined &&
    odds.labels?.[selection.selection] !== selection.rowLabel;
  const suspended = !odds || !match || odds.status !== 0 || match.status !== 0 || relabelled;
  const price = odds?.prices[selection.selection] ?? null;
  return {
    oddsId: selection.oddsId,
    suspended,
    stale,
    price: isMyanmarBetType(selection.betType) ? 0 : price,
    line: odds ? odds.line : null,
  };
}

const sameQuote = (a: LiveQuote, b: LiveQuote) =>
  a.suspended === b.suspended && a.stale === b.stale && a.price === b.price && a.line === b.line;

export function watchSelections(stream: OddsStream, selections: readonly Selection[]): Observable<LiveQuote> {
  const live$ = stream.connection$.pipe(
    map((c) => c.status === 'live'),
    distinctUntilChanged(),
  );
  return merge(
    ...selections.map((selection) =>
      combineLatest([stream.topic<MarketModel>(selection.topic), live$]).pipe(
        map(([view, live]) => quoteOf(view, selection, live)),
        distinctUntilChanged(sameQuote),
      ),
    ),
  );
}
