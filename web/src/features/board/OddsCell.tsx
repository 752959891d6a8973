/**
 * One price. It follows its own odds entity through the topic's per-key registry, so a delta that
 * moves another price neither renders nor even calls it; a change of its price flashes up or down.
 */
import { formatOdds, isMyanmarBetType, type MarketOdds, type OddsFormat } from '@sportsbook/protocol';
import { createContext, memo, useContext, useEffect, useRef } from 'react';
import { useTopicEntity } from '../../shared/stream/react.tsx';

export type PickHandler = (odds: MarketOdds, index: number) => void;

/**
 * Whether the cell's row is skipped by `content-visibility: auto` (off screen), kept current by the
 * row from `contentvisibilityautostatechange` events: a mutable object, read without a re-render
 * and without forcing layout.
 */
export const RowVisibility = createContext<{ skipped: boolean }>({ skipped: false });

/**
 * What a board gives its prices for the keyboard and screen readers (roving.ts): `roving` renders
 * them out of the tab order (the board keeps one tab stop among them); `announce` says a move of the
 * FOCUSED price in the board's polite status line (the board itself is not live: a reader hears a
 * price move only when it is on it). A markets panel's prices (no provider) are plain buttons.
 */
export const BoardFocus = createContext<{ roving: boolean; announce: ((text: string) => void) | null }>({
  roving: false,
  announce: null,
});

/** The board's `t` (book namespace), given once by the board so that cells need no i18n hook each. */
export type BoardT = (key: string, options?: Record<string, unknown>) => string;
export const BoardText = createContext<BoardT>((key) => key);

/**
 * `t` with its texts without options remembered: the board gives its cells this `t` (made once per
 * `t`, i.e. per language and loaded resources), so a row's column titles, tags and protocol's pick
 * words (seven texts per price name) are map lookups, not i18next calls, each time a row renders.
 */
export function rememberTexts(t: BoardT): BoardT {
  const texts = new Map<string, string>();
  return (key, options) => {
    if (options !== undefined) return t(key, options);
    let text = texts.get(key);
    if (text === undefined) {
      text = t(key);
      texts.set(key, text);
    }
    return text;
  };
}

/**
 * A price's accessible name "<pick> at <price>" (`board.pickAt`) from the language's template,
 * without an i18next call per price; the board gives it (Board.tsx). Null outside a board: the
 * cells then ask `t` (a markets panel's prices).
 */
export type PickAt = (pick: string, price: string) => string;
export const BoardPickAt = createContext<PickAt | null>(null);

const Marks = /\uE000|\uE001/g;

export function pickAtOf(t: BoardT): PickAt {
  const template = t('board.pickAt', { pick: '\uE000', price: '\uE001' });
  const once = (mark: string) => template.split(mark).length === 2;
  // The names and prices go in by a function: a `$` in a team's name is no replacement pattern.
  if (once('\uE000') && once('\uE001'))
    return (pick, price) => template.replace(Marks, (mark) => (mark === '\uE000' ? pick : price));
  return (pick, price) => t('board.pickAt', { pick, price });
}

/**
 * Prices as shown, by format and price: a board shows few distinct prices, and formatOdds's exact
 * arithmetic (fractions) is a large part of a price's render. Emptied when it grows past a bound.
 */
const shownPrices = new Map<string, string>();

function shown(price: number, format: OddsFormat): string {
  const key = `${format} ${price}`;
  let text = shownPrices.get(key);
  if (text === undefined) {
    try {
      text = formatOdds(price, format, { from: 'DEC' });
    } catch {
      text = '';
    }
    if (shownPrices.size >= 4096) shownPrices.clear();
    shownPrices.set(key, text);
  }
  return text;
}

/** How long a moved price stays green (up) or red (down), as a sportsbook's board shows it. */
export const FlashMs = 3_000;
/** The period of the one sweep that clears flashes: one ends FlashMs to FlashMs + FlashSweepMs after its move. */
export const FlashSweepMs = 500;

/** Flashed cells in the order of their last move, each with the time its flash ends (monotonic clock). */
const flashed = new Map<HTMLElement, number>();
let sweeper: ReturnType<typeof setInterval> | null = null;

/** Clears every flash that has ended, oldest first; stops the timer when none is left. */
function sweepFlashes(): void {
  const now = performance.now();
  for (const [el, until] of flashed) {
    if (until > now) break;
    flashed.delete(el);
    el.removeAttribute('data-flash');
  }
  if (flashed.size === 0 && sweeper !== null) {
    clearInterval(sweeper);
    sweeper = null;
  }
}

/**
 * Ends every flash now and stops the shared sweep. The flash state is module-wide (one timer for
 * every cell of every board), so a test that runs the sweep on fake timers starts from here: a
 * file before it in the same worker may have left flashes, and a sweep on real timers, running.
 */
export function endFlashes(): void {
  for (const el of flashed.keys()) el.removeAttribute('data-flash');
  flashed.clear();
  if (sweeper !== null) clearInterval(sweeper);
  sweeper = null;
}

/**
 * Flashes a cell up or down without a React render, a new DOM node or a per-frame animation: the
 * colour is a data attribute (board.css colours the cell's own background), set once on the move and
 * removed once, FlashMs later, by one timer shared by every cell (not a timer per cell), so a flash
 * costs the main thread two small restyles and repaints of that cell. A new move restarts it.
 */
export function flashCell(el: HTMLElement, dir: 'up' | 'down'): void {
  if (el.dataset.flash !== dir) el.dataset.flash = dir;
  flashed.delete(el);
  flashed.set(el, performance.now() + FlashMs);
  sweeper ??= setInterval(sweepFlashes, FlashSweepMs);
}

export const OddsCell = memo(function OddsCell(props: {
  topic: string;
  oddsId: string;
  index: number;
  format: OddsFormat;
  locked: boolean;
  onPick: PickHandler;
  /** What the price is on, for its accessible name ("Arsenal -0.25", "Over 2.75"). */
  name: string;
}) {
  const t = useContext(BoardText);
  const pickAt = useContext(BoardPickAt);
  const odds = useTopicEntity<MarketOdds>(props.topic, 'odds', props.oddsId);
  const price = odds?.prices[props.index];
  const previous = useRef(price);
  const button = useRef<HTMLButtonElement>(null);
  const row = useContext(RowVisibility);
  const focus = useContext(BoardFocus);
  // biome-ignore lint/correctness/useExhaustiveDependencies: row.skipped is a mutable flag read when the price moves, not a reason to run
  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    if (before === undefined || price === undefined || before === price) return;
    // The focused price only (one comparison per move): a reader hears what it is on, never the board.
    const el = button.current;
    if (focus.announce && el && el === document.activeElement && !isMyanmarBetType(odds?.betType ?? '')) {
      focus.announce(
        t(price > before ? 'board.priceUp' : 'board.priceDown', {
          pick: props.name,
          price: shown(price, props.format),
        }),
      );
    }
    // A row scrolled out of view (content-visibility skips it) does not flash: nobody sees it, and
    // with a whole topic on one page hundreds of running flash animations cost the main thread.
    if (row.skipped) return;
    if (el) flashCell(el, price > before ? 'up' : 'down');
  }, [price]);
  if (!odds) return <span className="odds-cell empty" />;
  const myanmar = isMyanmarBetType(odds.betType);
  const suspended = odds.status !== 0 || props.locked;
  const text = myanmar ? String(odds.line ?? '') : price === undefined ? '' : shown(price, props.format);
  return (
    <button
      ref={button}
      type="button"
      className={`odds-cell${suspended ? ' locked' : ''}${text.startsWith('-') ? ' neg' : ''}`}
      // A Myanmar price is its body, already in the name ("Team takes 1+50").
      aria-label={
        text === '' || myanmar
          ? props.name
          : pickAt
            ? pickAt(props.name, text)
            : t('board.pickAt', { pick: props.name, price: text })
      }
      data-odds={props.oddsId}
      data-index={props.index}
      data-price={price}
      tabIndex={focus.roving ? -1 : undefined}
      disabled={suspended || text === ''}
      onClick={() => props.onPick(odds, props.index)}
    >
      {text}
    </button>
  );
});
