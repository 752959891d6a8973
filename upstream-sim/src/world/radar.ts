/**
 * The match tracker (WORLD.md "Match tracker"): the events behind the in-play engine's
 * prices. The engine calls `observeStep` around every step of a main match (engine.ts `step`);
 * goals, red cards and period changes are read off the engine's own state before and after the
 * step, so the tracker's goals and score are exactly the engine's (the goals that move the prices).
 * Soccer also gets the play around them (attacks, dangerous attacks, shots, corners, yellow cards,
 * substitutions, possession and the ball's zone) from the match's own seeded generator, which
 * never draws from the world's: adding the tracker changes no price, and it is deterministic from
 * the seed (the per-match seed comes from the match's id, kick-off and teams).
 *
 * State lives on the match (`MatchState.radar`, plain JSON) so world snapshots carry it. Events are
 * bounded: every goal, period change and red card is kept, plus the latest RadarKeep others.
 */
import {
  Period,
  type RadarEvent,
  type RadarEventKind,
  RadarEventKinds,
  type RadarMatch,
  RadarMaxEvents,
  type RadarStats,
} from '@sportsbook/protocol';
import { profileOf } from './generator.ts';
import { Rng } from './rng.ts';
import type { Ctx, MatchState } from './state.ts';

/** Sports with the full pitch tracker (soccer); every other sport gets a scoreboard. */
const PitchSports: ReadonlySet<number> = new Set([1]);
/** Non-kept events retained per match (the newest). */
export const RadarKeep = RadarMaxEvents;

/** [id, kind index, side 0 none | 1 home | 2 away, clock, period, home score, away score, value] */
export type RadarTuple = [number, number, 0 | 1 | 2, number, number, number, number, number];

export interface RadarState {
  /** The tracker's own generator state (never the world's). */
  rng: number;
  next: number;
  period: number;
  ev: RadarTuple[];
  /** Counts per side [home, away]. */
  attacks: [number, number];
  dangerous: [number, number];
  shots: [number, number];
  onTarget: [number, number];
  corners: [number, number];
  yellow: [number, number];
  subs: [number, number];
  /** Seconds of possession. */
  poss: [number, number];
  /** 0 home, 1 away has the ball; zone 0 (own box) .. 4 (the opponent's box). */
  ball: [0 | 1, number];
}

/** The engine state a step may change that the tracker reads. */
export interface StepBefore {
  h: number;
  a: number;
  redH: number;
  redA: number;
  clock: number;
  period: number;
}

/** Per game second, soccer (about 100 attacks, 25 shots, 10 corners, 4 yellows a match). */
const AttackRate = 100 / 5400;
const DangerShare = 0.45;
const ShotShare = 0.5;
const OnTargetShare = 0.4;
const CornerShare = 0.25;
const YellowRate = 4 / 5400;
/** Substitutions per side in the second half, at most. */
const MaxSubs = 5;
const SubRate = 4 / 2400;
/** Chance per second that possession changes without an event. */
const TurnoverRate = 1 / 12;

const KindIndex = new Map<RadarEventKind, number>(RadarEventKinds.map((k, i) => [k, i]));

function seedOf(m: MatchState): number {
  let h = (m.id * 2654435761) >>> 0;
  const text = `${m.kickoff}|${m.home}|${m.away}`;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

export function isPitchSport(sportId: number): boolean {
  return PitchSports.has(sportId);
}

/** Whether a match has a tracker: main in-play or finished matches (not children, not outrights). */
export function isTracked(m: MatchState): boolean {
  return m.type !== 3 && m.type !== 4 && m.parentId === null;
}

function pair(): [number, number] {
  return [0, 0];
}

function newRadar(m: MatchState): RadarState {
  return {
    rng: new Rng(seedOf(m)).state,
    next: 1,
    period: Period.pre,
    ev: [],
    attacks: pair(),
    dangerous: pair(),
    shots: pair(),
    onTarget: pair(),
    corners: pair(),
    yellow: pair(),
    subs: pair(),
    poss: pair(),
    ball: [0, 2],
  };
}

/** Engine state a step may change (taken before the step). */
export function beforeStep(m: MatchState): StepBefore {
  return { h: m.h, a: m.a, redH: m.redH, redA: m.redA, clock: m.clock, period: m.period };
}

function isKept(kind: number): boolean {
  const k = RadarEventKinds[kind];
  return k === 'goal' || k === 'period' || k === 'red';
}

function push(
  r: RadarState,
  kind: RadarEventKind,
  side: 0 | 1 | 2,
  clock: number,
  period: number,
  score: { h: number; a: number },
  value = 0,
): void {
  r.ev.push([r.next++, KindIndex.get(kind) ?? 0, side, Math.floor(clock), period, score.h, score.a, value]);
  let others = 0;
  for (const e of r.ev) if (!isKept(e[1])) others++;
  if (others <= RadarKeep) return;
  const drop = r.ev.findIndex((e) => !isKept(e[1]));
  if (drop >= 0) r.ev.splice(drop, 1);
}

/**
 * After one engine step of a main match: the tracker's events for what the step did (goals, red
 * cards, period changes from the engine's state) and, for soccer, the play of its `play` seconds.
 */
export function observeStep(ctx: Ctx, m: MatchState, before: StepBefore): void {
  if (!isTracked(m)) return;
  void ctx;
  let r = m.radar;
  if (r === undefined) {
    r = newRadar(m);
    m.radar = r;
  }
  const pitch = isPitchSport(m.sportId);
  const score = { h: before.h, a: before.a };
  if (r.period === Period.pre && m.period !== Period.pre) {
    r.period = Period.firstHalf;
    push(r, 'period', 0, 0, Period.firstHalf, score, Period.firstHalf);
  }
  const rng = new Rng(0);
  rng.state = r.rng;
  const play = before.period === Period.halfTime ? 0 : Math.max(0, m.clock - before.clock);
  const at = (): number => before.clock + rng.next() * play;
  if (pitch && play > 0) playSoccer(r, m, rng, play, at, score, before.period);
  // Goals: the engine's own score change (soccer: one point per goal).
  const dh = m.h - before.h;
  const da = m.a - before.a;
  if (pitch && dh + da > 0) {
    // When both sides scored in one step, the engine's last scorer scores last.
    const order: (0 | 1)[] = [];
    const first: 0 | 1 = m.lg === 'H' ? 1 : 0;
    const counts = [dh, da];
    for (const side of [first, (1 - first) as 0 | 1]) {
      for (let i = 0; i < (counts[side] ?? 0); i++) order.push(side);
    }
    for (const side of order) {
      const clock = Math.min(m.clock, at());
      bump(r.attacks, side);
      bump(r.dangerous, side);
      bump(r.shots, side);
      bump(r.onTarget, side);
      if (side === 0) score.h += 1;
      else score.a += 1;
      push(r, 'goal', side === 0 ? 1 : 2, clock, before.period, score, 1);
      // Kick-off to the other side.
      r.ball = [(1 - side) as 0 | 1, 2];
    }
  }
  score.h = m.h;
  score.a = m.a;
  for (let i = before.redH; i < m.redH; i++) push(r, 'red', 1, at(), before.period, score);
  for (let i = before.redA; i < m.redA; i++) push(r, 'red', 2, at(), before.period, score);
  if (m.period !== r.period && m.status !== 2) {
    r.period = m.period;
    push(r, 'period', 0, m.clock, m.period, score, m.period);
  }
  r.rng = rng.state;
}

function bump(p: [number, number], side: 0 | 1, n = 1): void {
  p[side] += n;
}

/** The play of `play` game seconds of soccer: attacks and what they lead to, cards, substitutions. */
function playSoccer(
  r: RadarState,
  m: MatchState,
  rng: Rng,
  play: number,
  at: () => number,
  score: { h: number; a: number },
  period: number,
): void {
  const strengthH = m.rateH / (m.rateH + m.rateA || 1);
  const attacks = rng.poisson(AttackRate * play);
  const events: { clock: number; run: () => void }[] = [];
  for (let i = 0; i < attacks; i++) {
    const side: 0 | 1 = rng.next() < strengthH ? 0 : 1;
    const s = (side + 1) as 1 | 2;
    const dangerous = rng.chance(DangerShare);
    const shot = dangerous && rng.chance(ShotShare);
    const onTarget = shot && rng.chance(OnTargetShare);
    const corner = dangerous && !shot && rng.chance(CornerShare);
    const clock = at();
    events.push({
      clock,
      run: () => {
        bump(r.attacks, side);
        r.ball = [side, 3];
        let kind: RadarEventKind = 'attack';
        if (dangerous) {
          bump(r.dangerous, side);
          r.ball = [side, 4];
          kind = 'dangerous';
        }
        if (shot) {
          bump(r.shots, side);
          kind = 'shot';
        }
        if (onTarget) {
          bump(r.onTarget, side);
          kind = 'shotOn';
        }
        push(r, kind, s, clock, period, score);
        if (corner) {
          bump(r.corners, side);
          push(r, 'corner', s, clock, period, score);
        }
      },
    });
  }
  const yellows = rng.poisson(YellowRate * 2 * play);
  for (let i = 0; i < yellows; i++) {
    const side: 0 | 1 = rng.chance(0.5) ? 0 : 1;
    const clock = at();
    events.push({
      clock,
      run: () => {
        bump(r.yellow, side);
        push(r, 'yellow', (side + 1) as 1 | 2, clock, period, score);
      },
    });
  }
  if (period === Period.secondHalf && m.clock > profileOf(m).halfSec + 10 * 60) {
    for (const side of [0, 1] as const) {
      if (r.subs[side] >= MaxSubs || !rng.chance(Math.min(1, SubRate * play))) continue;
      const clock = at();
      events.push({
        clock,
        run: () => {
          bump(r.subs, side);
          push(r, 'sub', (side + 1) as 1 | 2, clock, period, score);
        },
      });
    }
  }
  events.sort((x, y) => x.clock - y.clock);
  for (const e of events) e.run();
  // Possession: the side on the ball keeps it, with turnovers.
  for (let left = play; left > 0; ) {
    const slice = Math.min(left, 5);
    r.poss[r.ball[0]] += slice;
    if (rng.chance(Math.min(1, TurnoverRate * slice))) {
      const keepH = rng.next() < strengthH;
      r.ball = [keepH ? 0 : 1, rng.int(1, 3)];
    } else if (events.length === 0) {
      r.ball = [r.ball[0], Math.max(0, Math.min(4, r.ball[1] + rng.int(-1, 1)))];
    }
    left -= slice;
  }
}

function possession(r: RadarState | undefined): [number, number] {
  if (!r) return [50, 50];
  const total = r.poss[0] + r.poss[1];
  const h = total <= 0 ? 50 : Math.round((r.poss[0] / total) * 100);
  return [h, 100 - h];
}

/** The tracker's header row of a match; the score is the engine's. */
export function radarMatch(ctx: Ctx, m: MatchState): RadarMatch {
  const r = m.radar;
  return {
    match_id: m.id,
    sport_id: m.sportId,
    league_name: ctx.leagues.get(m.leagueId)?.name ?? '',
    home: m.home,
    away: m.away,
    kickoff: m.kickoff,
    tracker: isPitchSport(m.sportId) ? 'pitch' : 'scoreboard',
    home_score: m.h,
    away_score: m.a,
    period: m.period,
    clock: Math.floor(m.clock),
    status: m.status,
    ball_side: (r?.ball[0] ?? 0) === 0 ? 'H' : 'A',
    ball_zone: r?.ball[1] ?? 2,
    home_red: m.redH,
    away_red: m.redA,
  };
}

function statsOf(r: RadarState | undefined, m: MatchState, side: 0 | 1): RadarStats {
  const pick = (p: [number, number] | undefined) => p?.[side] ?? 0;
  return {
    possession: possession(r)[side],
    attacks: pick(r?.attacks),
    dangerous: pick(r?.dangerous),
    shots: pick(r?.shots),
    on_target: pick(r?.onTarget),
    corners: pick(r?.corners),
    yellow: pick(r?.yellow),
    red: side === 0 ? m.redH : m.redA,
    subs: pick(r?.subs),
  };
}

function eventOf(e: RadarTuple): RadarEvent {
  const [id, kind, side, clock, period, h, a, value] = e;
  return {
    id,
    kind: RadarEventKinds[kind] ?? 'attack',
    side: side === 1 ? 'H' : side === 2 ? 'A' : '',
    minute: Math.floor(clock / 60) + 1,
    clock,
    period,
    home_score: h,
    away_score: a,
    value,
  };
}

export interface RadarReply {
  match: RadarMatch;
  stats: { H: RadarStats; A: RadarStats };
  events: RadarEvent[];
}

/** `radarlist`: a match's tracker, every kept event and the latest `limit` others, oldest first. */
export function radarOf(ctx: Ctx, m: MatchState, limit = RadarMaxEvents): RadarReply {
  const r = m.radar;
  const all = r?.ev ?? [];
  let others = 0;
  for (const e of all) if (!isKept(e[1])) others++;
  let skip = Math.max(0, others - limit);
  const events: RadarEvent[] = [];
  for (const e of all) {
    if (!isKept(e[1]) && skip > 0) {
      skip--;
      continue;
    }
    events.push(eventOf(e));
  }
  return {
    match: radarMatch(ctx, m),
    stats: { H: statsOf(r, m, 0), A: statsOf(r, m, 1) },
    events,
  };
}
