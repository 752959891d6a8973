/**
 * Browser benchmark harness (scripts/bench/board.bench.ts): mounts either the real board
 * (web/src/features/board/Board.tsx: one topic store, cells notified per odds key through useTopicEntity) or a naive board
 * that re-renders every row and cell on each update, both fed by the same synthetic stream. The model
 * and the change schedule come from the page URL's `window.__bench` set by the runner.
 */
import { applyDelta, type Delta, type MarketModel, type MarketOdds } from '@sportsbook/protocol';
import { useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { BehaviorSubject, map, type Observable } from 'rxjs';
import { Board } from '../../../web/src/features/board/Board.tsx';
import { groupLeagues } from '../../../web/src/features/board/view.ts';
import '../../../web/src/features/board/board.css';
import { createI18n } from '../../../web/src/shared/i18n/index.ts';
import { deltaChanges, type ModelChanges } from '../../../web/src/shared/stream/changes.ts';
import type { OddsStream } from '../../../web/src/shared/stream/oddsStream.ts';
import { StreamProvider } from '../../../web/src/shared/stream/react.tsx';
import type { TopicView } from '../../../web/src/shared/stream/topicState.ts';

interface BenchInput {
  variant: 'real' | 'naive';
  /** Matches per page of the real board (the app's default is 10; the whole topic: all of them). */
  pageSize: number;
  model: MarketModel;
  changesPerSecond: number;
  /** Updates per second; each carries changesPerSecond / updatesPerSecond price changes. */
  updatesPerSecond: number;
  durationMs: number;
}
interface BenchResult {
  frames: number[];
  longTasks: number[];
  updates: number;
  changes: number;
  /** Time inside the stream's synchronous dispatch (selectors, subscriptions, synchronous renders). */
  renderMs: number;
}
declare global {
  interface Window {
    __bench: BenchInput;
    __result?: BenchResult;
    /** Set when the measuring window opens (the runner reads the renderer's metrics then). */
    __started?: boolean;
  }
}

const input = window.__bench;
const topic = 'odds/1/hdpou/live';

function view(model: MarketModel, changes: ModelChanges | null = null): TopicView<MarketModel> {
  return {
    changes,
    topic,
    model,
    epoch: 'bench',
    seq: 0,
    hash: null,
    stale: false,
    staleSince: null,
    pt: null,
    resyncing: false,
    error: null,
  } as unknown as TopicView<MarketModel>;
}

const subject = new BehaviorSubject(view(input.model));

/** The parts of OddsStream the board reads: topic views and peek. */
const stream = {
  topic: () => subject.asObservable() as Observable<TopicView>,
  peek: () => subject.value,
  indicator$: subject.pipe(map(() => 'live')),
  connection$: subject.pipe(map(() => ({ state: 'live' }))),
  stats: {},
  reconnect() {},
  close() {},
} as unknown as OddsStream;

/**
 * Price changes as the stream applies them: a delta of sparse price patches through applyDelta (the
 * changed odds entities and the odds map are new objects), with the changes the stream records.
 */
const oddsIds = Object.keys(input.model.odds).filter((id) => (input.model.odds[id]?.prices.length ?? 0) > 0);
let seed = 12345;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
function change(model: MarketModel, count: number): TopicView<MarketModel> {
  const ops: Delta = [];
  for (let i = 0; i < count; i++) {
    const id = oddsIds[Math.floor(random() * oddsIds.length)] as string;
    const o = model.odds[id] as MarketOdds;
    const k = Math.floor(random() * o.prices.length);
    const p = o.prices[k] ?? 2;
    const price = Math.max(1.02, Math.round((p + (random() < 0.5 ? -0.01 : 0.01)) * 100) / 100);
    ops.push(['odds', id, { prices: { [k]: price } }]);
  }
  return view(applyDelta(model, ops), deltaChanges(model, ops));
}

// ---- naive board: one subscription at the top, everything re-renders on every update ----------
function NaiveCell({ odds, index }: { odds: MarketOdds | undefined; index: number }) {
  const price = odds?.prices[index];
  return (
    <button type="button" className="odds-cell" data-price={price}>
      {price === undefined ? '' : price.toFixed(2)}
    </button>
  );
}
function NaiveBoard() {
  const v = useSyncExternalStore(
    (cb) => {
      const s = subject.subscribe(cb);
      return () => s.unsubscribe();
    },
    () => subject.value,
  );
  const model = v.model as MarketModel;
  const groups = groupLeagues(model, filters);
  const byMatch = new Map<number, MarketOdds[]>();
  for (const o of Object.values(model.odds)) {
    const list = byMatch.get(o.matchId) ?? [];
    list.push(o);
    byMatch.set(o.matchId, list);
  }
  return (
    <section className="board">
      {groups.map((g) => (
        <div className="league" key={g.leagueId}>
          <div className="league-head">{g.name}</div>
          {g.matchIds.map((id) => {
            const m = model.match[String(id)];
            return (
              <div className="match-row" key={id}>
                <div className="match-teams">
                  <span>{m?.home}</span>
                  <span>{m?.away}</span>
                </div>
                {(byMatch.get(id) ?? []).slice(0, 4).map((o) => (
                  <div className="odds-col" key={o.id}>
                    <span className="odds-line">{String(o.line ?? '')}</span>
                    <NaiveCell odds={o} index={0} />
                    <NaiveCell odds={o} index={1} />
                  </div>
                ))}
              </div>
            );
          })}
        </div>
      ))}
    </section>
  );
}

const filters = {
  leagueMode: 0,
  timeMode: 0,
  marketType: 'hdpou' as const,
  tab: 'live' as const,
  favourites: [],
  selectedLeagues: [],
  now: Date.now(),
};

let renderMs = 0;
const i18n = createI18n('en');
const noop = () => {};
createRoot(document.getElementById('root') as HTMLElement).render(
  <I18nextProvider i18n={i18n}>
    <StreamProvider value={stream}>
      {input.variant === 'real' ? (
        <Board
          topic={topic}
          filters={filters}
          format="DEC"
          page={0}
          pageSize={input.pageSize}
          showScore
          onPick={noop}
          onPageChange={noop}
          onToggleFavourite={noop}
        />
      ) : (
        <NaiveBoard />
      )}
    </StreamProvider>
  </I18nextProvider>,
);

/** Waits for the first paint of the board, then streams and measures for durationMs. */
function run() {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push(e.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const frames: number[] = [];
  let last = performance.now();
  const start = last;
  let updates = 0;
  let changes = 0;
  renderMs = 0;
  const perUpdate = input.changesPerSecond / input.updatesPerSecond;
  let carry = 0;
  const timer = setInterval(() => {
    carry += perUpdate;
    const n = Math.floor(carry);
    carry -= n;
    const t0 = performance.now();
    subject.next(change(subject.value.model as MarketModel, n));
    renderMs += performance.now() - t0;
    updates++;
    changes += n;
  }, 1000 / input.updatesPerSecond);
  const frame = (now: number) => {
    frames.push(now - last);
    last = now;
    if (now - start < input.durationMs) requestAnimationFrame(frame);
    else {
      clearInterval(timer);
      observer.disconnect();
      window.__result = { frames, longTasks, updates, changes, renderMs };
    }
  };
  window.__started = true;
  requestAnimationFrame(frame);
}
// The board renders a page's rows in steps (Board.tsx `useRevealed`): measure once they are all in
// (the row count has stopped growing), not while they are still mounting.
let rows = 0;
const ready = setInterval(() => {
  const now = document.querySelectorAll('.match-row').length;
  const grown = now !== rows;
  rows = now;
  if (document.querySelectorAll('.odds-cell').length > 0 && !grown) {
    clearInterval(ready);
    requestAnimationFrame(() => requestAnimationFrame(run));
  }
}, 50);
