/**
 * The tracker's pure view logic: from the `radar/<match_id>` model (protocol radar.ts) to what the
 * pitch, the pop-up, the timeline and the stats bars draw. No React, no i18n: keys only.
 */
import {
  Period,
  type RadarEvent,
  type RadarEventKind,
  type RadarMatch,
  type RadarModel,
  type RadarStats,
  radarEvents,
} from '@sportsbook/protocol';

/** The pitch's SVG coordinates: 100 x 64, home attacks to the right. */
export const PitchWidth = 100;
export const PitchHeight = 64;

/** Events worth a pop-up and a mark on the timeline (attacks are only the ball's movement). */
const Notable: ReadonlySet<RadarEventKind> = new Set([
  'goal',
  'shot',
  'shotOn',
  'corner',
  'yellow',
  'red',
  'sub',
  'period',
  'dangerous',
]);
const OnTimeline: ReadonlySet<RadarEventKind> = new Set(['goal', 'yellow', 'red', 'corner', 'sub']);

export const StatKeys = [
  'possession',
  'attacks',
  'dangerous',
  'shots',
  'on_target',
  'corners',
  'yellow',
  'red',
] as const satisfies readonly (keyof RadarStats)[];
export type StatKey = (typeof StatKeys)[number];

export interface StatBar {
  key: StatKey;
  home: number;
  away: number;
  /** The home side's share of the bar, 0..100 (50 when both are 0). */
  homePct: number;
}

export interface TimelineMark {
  id: number;
  kind: RadarEventKind;
  side: 'H' | 'A' | '';
  minute: number;
  /** Position along the timeline, 0..100. */
  at: number;
}

export interface TrackerView {
  match: RadarMatch | null;
  /** Oldest first. */
  events: RadarEvent[];
  /** The latest notable event: the pop-up (keyed by its id so each one animates once). */
  popup: RadarEvent | null;
  /** Ball position on the pitch (soccer). */
  ball: { x: number; y: number } | null;
  timeline: TimelineMark[];
  stats: StatBar[];
  /** The latest events for the list, newest first. */
  recent: RadarEvent[];
}

export const EmptyView: TrackerView = {
  match: null,
  events: [],
  popup: null,
  ball: null,
  timeline: [],
  stats: [],
  recent: [],
};

/** Where the ball is: zone 0 (the side's own box) .. 4 (the opponent's box), mirrored for away. */
export function ballPosition(side: 'H' | 'A', zone: number, seed: number): { x: number; y: number } {
  const z = Math.max(0, Math.min(4, zone));
  const along = 10 + z * 20;
  const x = side === 'H' ? along : PitchWidth - along;
  // A lane across the pitch that changes with the last event, so the ball moves visibly.
  const lane = (((seed * 37) % 5) + 5) % 5;
  const y = 12 + lane * 10;
  return { x, y };
}

/** The share of `home` in `home + away`, in percent (50 when both are 0). */
export function sharePct(home: number, away: number): number {
  const total = home + away;
  return total <= 0 ? 50 : Math.round((home / total) * 100);
}

/** Game minute of a clock in seconds (1-based, as a match clock shows it). */
export function minuteOf(clock: number): number {
  return Math.floor(Math.max(0, clock) / 60) + 1;
}

/**
 * The clock as a match shows it: `67'`, stoppage time as `45+2'` / `90+3'` (soccer), `HT` and
 * `FT` are i18n keys the caller renders (returned as { key }).
 */
export function clockText(
  m: Pick<RadarMatch, 'period' | 'clock' | 'tracker'>,
): { text: string } | { key: string } {
  if (m.period === Period.halfTime) return { key: 'period.2' };
  if (m.period === Period.fullTime) return { key: 'period.9' };
  if (m.period === Period.pre) return { key: 'period.0' };
  const minute = minuteOf(m.clock);
  if (m.tracker === 'pitch') return { text: eventMinute(minute, m.period) };
  return { text: `${minute}'` };
}

/** An event's minute as a soccer clock shows it (45+2, 90+1). */
export function eventMinute(minute: number, period: number): string {
  if (period === Period.firstHalf && minute > 45) return `45+${minute - 45}'`;
  if (period === Period.secondHalf && minute > 90) return `90+${minute - 90}'`;
  return `${minute}'`;
}

/** Timeline length in minutes: 90 for soccer, else as long as the latest event asks. */
function timelineSpan(events: readonly RadarEvent[]): number {
  let last = 90;
  for (const e of events) last = Math.max(last, e.minute);
  return last;
}

export function trackerView(model: Partial<RadarModel> | null | undefined): TrackerView {
  if (!model) return EmptyView;
  const match = Object.values(model.match ?? {})[0] ?? null;
  if (!match) return EmptyView;
  const events = radarEvents(model);
  let popup: RadarEvent | null = null;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i] as RadarEvent;
    if (Notable.has(e.kind)) {
      popup = e;
      break;
    }
  }
  const last = events[events.length - 1];
  const ball =
    match.tracker === 'pitch' && match.period !== Period.fullTime
      ? ballPosition(match.ball_side, match.ball_zone, last?.id ?? 0)
      : null;
  const span = timelineSpan(events);
  const timeline: TimelineMark[] = events
    .filter((e) => OnTimeline.has(e.kind))
    .map((e) => ({
      id: e.id,
      kind: e.kind,
      side: e.side,
      minute: e.minute,
      at: Math.min(100, Math.max(0, (e.minute / span) * 100)),
    }));
  const h = model.stats?.H;
  const a = model.stats?.A;
  const stats: StatBar[] =
    h && a
      ? StatKeys.map((key) => ({
          key,
          home: h[key],
          away: a[key],
          homePct: key === 'possession' ? h.possession : sharePct(h[key], a[key]),
        }))
      : [];
  const recent = events
    .filter((e) => e.kind !== 'attack')
    .slice(-8)
    .reverse();
  return { match, events, popup, ball, timeline, stats, recent };
}

/** Views are equal for rendering when they come from the same model (a selector's isEqual). */
export function sameView(a: TrackerView, b: TrackerView): boolean {
  return a === b;
}
