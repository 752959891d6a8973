/**
 * Match clocks as anchors (wire protocol v2; WIRE.md "Clock anchors"). The upstream
 * sends a running match's clock as seconds (liveState element 3), so every poll of an in-play
 * topic changes every live match. The model keeps, next to the normalized market, a `clock`
 * collection: for each match whose clock runs, the UTC ms at which the period's clock would read
 * 0 (`zero`). Clients tick locally: `seconds = floor((now - zero) / 1000)`.
 *
 * One model, two views of it on the wire (pure projections, so every node, replica or not,
 * derives the same frames and hashes from the same model):
 * - v1 (`viewModel(1, m)`): the model without `clock`: exactly the v1 model, clock seconds
 *   ticking in `liveState`, the v1 hash.
 * - v2 (`viewModel(2, m)`): the model with `clock`, and `liveState[3]` set to 0 for every match
 *   with a clock entry, so a running clock changes nothing until it starts, stops or is
 *   re-anchored; a stopped clock keeps its seconds in `liveState[3]`.
 *
 * Anchor rules (`anchorClocks`): a clock runs while the period is first half, second half or
 * extra time. A match whose upstream liveState did not change keeps its anchor, unless the anchor
 * has run more than `ClockToleranceMs` (plus the upstream's 1 s resolution) past the upstream's
 * seconds: the upstream clock stalled (a paused replay, a stopped clock), so the anchor is dropped
 * and the seconds are shown as sent until the upstream moves again. Otherwise the anchor is
 * `pt - seconds * 1000` (pt: the poll's time, from the poller's injected clock) unless the
 * previous anchor is within `ClockToleranceMs` of it, in which case it is kept. So a ticking clock
 * is re-sent only when it starts, stops, or drifts by more than the tolerance.
 */
import type { Delta, Entity, Model } from './diff.ts';
import { declareChanges, declaredChanges, diffEntity } from './diff.ts';
import type { MarketMatch } from './market.ts';
import { Period } from './rows.ts';
import type { Topic } from './wire.ts';

/** The wire protocol versions a server speaks (the hello's `v`). */
export const WireVersions = [1, 2] as const;
export type WireVersion = (typeof WireVersions)[number];

/** A running clock is re-anchored when the upstream's seconds drift further than this from it. */
export const ClockToleranceMs = 2000;

/** One match's running clock: the UTC ms at which the period's clock would read 0 s. */
export interface MatchClock {
  zero: number;
}

const running = new Set<number>([Period.firstHalf, Period.secondHalf, Period.extraTime]);

/** Whether the clock runs in a period (liveState element 2). */
export function clockRuns(period: number): boolean {
  return running.has(period);
}

/** The topics whose models carry clock anchors (market models: `odds/...` and `match/<id>`). */
export function hasClockAnchors(topic: Topic): boolean {
  return topic.kind === 'odds' || topic.kind === 'match';
}

type Matches = Readonly<Record<string, MarketMatch>>;
type Clocks = Readonly<Record<string, MatchClock>>;

function sameLiveState(a: readonly number[] | null | undefined, b: readonly number[]): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The anchor of one match's clock at poll time `pt`, given the previous model's anchor and
 * liveState for the same match (undefined for a stopped clock). Returns `prevClock` itself (same
 * object) when it is kept, so a diff sees no change.
 */
export function anchorClock(
  liveState: readonly number[] | null,
  pt: number,
  prevClock: MatchClock | undefined,
  prevLiveState: readonly number[] | null | undefined,
  toleranceMs = ClockToleranceMs,
): MatchClock | undefined {
  if (liveState === null || !clockRuns(liveState[2] as number)) return undefined;
  const seconds = liveState[3] as number;
  if (sameLiveState(prevLiveState, liveState)) {
    // Stopped earlier (stalled): it stays stopped until the upstream moves.
    if (prevClock === undefined) return undefined;
    // The upstream is silent for longer than the tolerance past its last second: stalled.
    if (pt - prevClock.zero - seconds * 1000 > toleranceMs + 1000) return undefined;
    return prevClock;
  }
  const zero = pt - seconds * 1000;
  if (prevClock !== undefined && Math.abs(prevClock.zero - zero) <= toleranceMs) return prevClock;
  return { zero };
}

/**
 * The running clocks of a model anchorClocks returned, each with the liveState array it was
 * anchored from: what the next poll's stall check reads instead of scanning the match record.
 */
interface Anchored {
  readonly keys: readonly string[];
  readonly clocks: readonly MatchClock[];
  readonly lives: readonly (readonly number[])[];
}

const anchoredOf = new WeakMap<Model, Anchored>();

/** How anchorClocks made its models (tests: the work a poll costs). */
export interface AnchorCounts {
  /** Every match visited. */
  full: number;
  /** Only the changed matches visited, the others' anchors checked against the time. */
  incremental: number;
  /** Matches whose anchor was computed again (every match in a full pass). */
  recomputed: number;
}

/** A canonical array-index key: records iterate these ascending, whatever the insertion order. */
function indexKey(key: string): boolean {
  const n = Number(key);
  return Number.isInteger(n) && n >= 0 && n < 4294967295 && String(n) === key;
}

/**
 * The model with its `clock` collection (anchors at poll time `pt`), `prev` being the topic's
 * previous model (with its `clock`) or undefined for the first poll. The input is not mutated; a
 * child that shares its parent's liveState (normalizeMarket) shares its anchor too.
 *
 * When `prev` is the model anchorClocks returned for the previous poll and the market normalizer
 * declared which matches changed since (diff.ts `declaredChanges`; none when the match record is
 * the same object), only those matches' anchors are computed again; every other running clock
 * costs one comparison (has it run past the upstream's seconds: a stall), and the clock record is
 * the previous one with only the changed anchors replaced. The same anchors as a full pass (a
 * stall, a linked match among the changed ones or an undeclared record: the full pass runs).
 */
export function anchorClocks(
  model: Model,
  pt: number,
  prev: Model | undefined,
  toleranceMs = ClockToleranceMs,
  counts?: AnchorCounts,
): Model {
  const derived = prev === undefined ? undefined : anchorChanged(model, pt, prev, toleranceMs, counts);
  if (derived !== undefined) return derived;
  if (counts !== undefined) counts.full++;
  const match = (model.match ?? {}) as Matches;
  const parent = (model.parent ?? {}) as Readonly<Record<string, unknown>>;
  const prevMatch = (prev?.match ?? {}) as Matches;
  const prevClock = (prev?.clock ?? {}) as Clocks;
  const clock: Record<string, MatchClock> = {};
  const byLiveState = new Map<readonly number[], MatchClock>();
  const keys: string[] = [];
  const clocks: MatchClock[] = [];
  const lives: (readonly number[])[] = [];
  // Whether every anchor is the previous model's own (the usual poll: clocks run within tolerance).
  let kept = prev?.clock !== undefined;
  const visit = (key: string) => {
    const m = match[key] as MarketMatch;
    const ls = m.liveState;
    if (ls === null) return;
    if (counts !== undefined) counts.recomputed++;
    let c = byLiveState.get(ls);
    if (c === undefined) {
      c = anchorClock(ls, pt, prevClock[key], prevMatch[key]?.liveState, toleranceMs);
      if (c === undefined) return;
      byLiveState.set(ls, c);
    }
    clock[key] = c;
    keys.push(key);
    clocks.push(c);
    lives.push(ls);
    if (kept && prevClock[key] !== c) kept = false;
  };
  // Top-level matches first: a child sharing its parent's liveState takes the parent's anchor.
  for (const key in match) if (parent[key] === undefined) visit(key);
  for (const key in match) if (parent[key] !== undefined) visit(key);
  let out: Model | undefined;
  if (kept) {
    let before = 0;
    for (const _ in prevClock) before++;
    // The same anchors at the same keys: the previous record itself, which the diff skips.
    if (before === keys.length) out = { ...model, clock: prevClock };
  }
  out ??= { ...model, clock };
  anchoredOf.set(out, { keys, clocks, lives });
  return out;
}

/**
 * anchorClocks from the previous poll's anchors when only the declared matches changed, else
 * undefined (the full pass decides).
 */
function anchorChanged(
  model: Model,
  pt: number,
  prev: Model,
  toleranceMs: number,
  counts: AnchorCounts | undefined,
): Model | undefined {
  const index = anchoredOf.get(prev);
  const prevClock = prev.clock as Clocks | undefined;
  if (index === undefined || prevClock === undefined || model.parent !== prev.parent) return undefined;
  const match = (model.match ?? {}) as Matches;
  const prevMatch = (prev.match ?? {}) as Matches;
  const changed = declaredChanges(match, prevMatch);
  if (changed === undefined) return undefined;
  // A linked match may share its liveState (and so its anchor) with another: the full pass.
  const parent = (model.parent ?? {}) as Readonly<Record<string, unknown>>;
  const child = (model.child ?? {}) as Readonly<Record<string, unknown>>;
  for (const key of changed) {
    if (parent[key] !== undefined || child[key] !== undefined || !indexKey(key)) return undefined;
  }
  const recompute = changed.length > 0 ? new Set(changed) : undefined;
  // An unchanged match keeps its anchor unless its clock stalled (anchorClock's own test).
  const limit = toleranceMs + 1000;
  const { keys, clocks, lives } = index;
  for (let i = 0; i < keys.length; i++) {
    if (pt - (clocks[i] as MatchClock).zero - ((lives[i] as readonly number[])[3] as number) * 1000 <= limit)
      continue;
    if (recompute === undefined || !recompute.has(keys[i] as string)) return undefined;
  }
  if (counts !== undefined) {
    counts.incremental++;
    counts.recomputed += changed.length;
  }
  if (recompute === undefined) {
    const out = { ...model, clock: prevClock };
    anchoredOf.set(out, index);
    return out;
  }
  let clock = prevClock;
  const clockKeys: string[] = [];
  // A clock that starts or stops changes the record's keys: not declarable (diff.ts).
  let sameKeys = true;
  const next: { keys: string[]; clocks: MatchClock[]; lives: (readonly number[])[] } = {
    keys: [],
    clocks: [],
    lives: [],
  };
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    if (recompute.has(key)) continue;
    next.keys.push(key);
    next.clocks.push(clocks[i] as MatchClock);
    next.lives.push(lives[i] as readonly number[]);
  }
  for (const key of changed) {
    const ls = match[key]?.liveState ?? null;
    const before = prevClock[key];
    const c = ls === null ? undefined : anchorClock(ls, pt, before, prevMatch[key]?.liveState, toleranceMs);
    if (c !== undefined && ls !== null) {
      next.keys.push(key);
      next.clocks.push(c);
      next.lives.push(ls);
    }
    if (c === before) continue;
    if (clock === prevClock) clock = { ...prevClock };
    if (c === undefined || before === undefined) sameKeys = false;
    if (c === undefined) delete (clock as Record<string, MatchClock>)[key];
    else (clock as Record<string, MatchClock>)[key] = c;
    clockKeys.push(key);
  }
  if (clock !== prevClock && sameKeys) declareChanges(clock, prevClock, clockKeys);
  const out = { ...model, clock };
  anchoredOf.set(out, next);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Views

const projected = new WeakMap<object, MarketMatch>();

/** v2's match: liveState element 3 is 0 while the match has a clock anchor. */
function v2Match(m: MarketMatch | undefined, anchored: boolean): MarketMatch | undefined {
  if (m === undefined || !anchored || m.liveState === null || m.liveState[3] === 0) return m;
  let p = projected.get(m);
  if (p === undefined) {
    const [h, a, period, , hr, ar] = m.liveState;
    p = { ...m, liveState: [h, a, period, 0, hr, ar] };
    projected.set(m, p);
  }
  return p;
}

/** The model a client of wire version `v` holds (and hashes). */
export function viewModel(v: WireVersion, model: Model): Model {
  if (model.clock === undefined) return model;
  if (v === 1) {
    const { clock: _, ...rest } = model;
    return rest;
  }
  const match = (model.match ?? {}) as Matches;
  const clock = model.clock as Clocks;
  let out: Record<string, MarketMatch> | undefined;
  for (const key in clock) {
    const m = match[key];
    const p = v2Match(m, true);
    if (p === m) continue;
    out ??= { ...match };
    out[key] = p as MarketMatch;
  }
  return out === undefined ? model : { ...model, match: out };
}

/**
 * A model that agrees with `viewModel(v, model)` at every entity and list `ops` names (the other
 * entities may be missing), built in O(ops): what an incremental hasher of the view needs to apply
 * `ops` (`StateHasher.apply(ops, viewPart(v, model, ops))`) without projecting every running match
 * of the view each step.
 */
export function viewPart(v: WireVersion, model: Model, ops: Delta): Model {
  if (v === 1 || model.clock === undefined) return viewModel(v, model);
  const match = (model.match ?? {}) as Matches;
  const clock = model.clock as Clocks;
  const part: Record<string, MarketMatch> = {};
  for (const op of ops) {
    const key = op[1];
    if (op[0] !== 'match' || typeof key !== 'string' || !Object.hasOwn(match, key)) continue;
    part[key] = v2Match(match[key], clock[key] !== undefined) as MarketMatch;
  }
  return { ...model, match: part };
}

/** An upsert op whose patch changes a match's liveState element 3 (its clock seconds) and nothing else. */
function secondsOnly(op: Delta[number]): boolean {
  if (op.length !== 3) return false;
  const patch = op[2] as Record<string, unknown>;
  let fields = 0;
  for (const _ in patch) fields++;
  const ls = patch.liveState as Record<string, unknown> | undefined;
  if (fields !== 1 || typeof ls !== 'object' || ls === null || Array.isArray(ls)) return false;
  let elements = 0;
  for (const _ in ls) elements++;
  return elements === 1 && Object.hasOwn(ls, '3');
}

/**
 * The delta a client of version `v` gets for the model's step `before` -> `after` by `ops`
 * (`diffModel(before, after)`): `[]` when its view did not change. Equal to
 * `diffModel(viewModel(v, before), viewModel(v, after))` up to op order.
 */
export function viewDelta(v: WireVersion, before: Model, after: Model, ops: Delta): Delta {
  if (v === 1) {
    let clockOps = 0;
    for (const op of ops) if (op[0] === 'clock') clockOps++;
    return clockOps === 0 ? ops : ops.filter((op) => op[0] !== 'clock');
  }
  const bm = (before.match ?? {}) as Matches;
  const am = (after.match ?? {}) as Matches;
  const bc = (before.clock ?? {}) as Clocks;
  const ac = (after.clock ?? {}) as Clocks;
  const out: Delta = [];
  const done = new Set<string>();
  const matchOp = (key: string) => {
    if (done.has(key)) return;
    done.add(key);
    diffEntity(
      'match',
      key,
      v2Match(bm[key], bc[key] !== undefined) as Entity | undefined,
      v2Match(am[key], ac[key] !== undefined) as Entity | undefined,
      out,
    );
  };
  for (const op of ops) {
    const coll = op[0];
    if (coll === 'match') {
      const key = op[1] as string;
      // The common step of a running match: only its seconds moved, which v2 does not show.
      if (ac[key] !== undefined && bc[key] !== undefined && secondsOnly(op)) continue;
      matchOp(key);
    } else {
      out.push(op);
      // Starting or stopping a clock changes what v2 shows in liveState[3].
      if (coll === 'clock' && typeof op[1] === 'string') matchOp(op[1]);
    }
  }
  return out;
}

/**
 * The clock seconds to show for a match at `now` (ms): ticking from its anchor when it has one,
 * else the liveState's seconds. Null when the match is not in play.
 */
export function clockSecondsAt(
  liveState: readonly number[] | null,
  clock: MatchClock | undefined,
  now: number,
): number | null {
  if (liveState === null) return null;
  if (clock === undefined) return liveState[3] as number;
  return Math.max(0, Math.floor((now - clock.zero) / 1000));
}
