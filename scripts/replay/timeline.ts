/**
 * The replay clock and the lookup behind it. Position = recording start + wall time elapsed x speed
 * + seeks; a reply is the recorded body for that call and params whose receive time is the latest
 * at or before the position. In 'manual' mode only seek/stepTo move the clock, so a test replays
 * each recorded instant exactly, whatever the machine's timing (RECORDING.md, determinism).
 */
import { type RecordedReply, replyKey } from '@sportsbook/gateway';

export const GMT8_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
const LoopHoldMs = 1000;

export type ClockMode = 'real' | 'manual';

export interface ReplayState {
  /** Recorded UTC ms the replay is at. */
  position: number;
  start: number;
  end: number;
  speed: number;
  paused: boolean;
  loop: boolean;
  /** Played past the end without loop: the last state stays. */
  ended: boolean;
  mode: ClockMode;
}

interface KeyTrack {
  times: number[];
  bodies: string[];
}

export interface Served {
  key: string;
  /** Receive time of the recorded reply served (undefined: nothing recorded for the key). */
  t: number | undefined;
  body: string | undefined;
  /** Replay position when it was served. */
  position: number;
}

export interface TimelineOptions {
  speed?: number;
  loop?: boolean;
  mode?: ClockMode;
  /** Start paused (resume() starts the clock). */
  paused?: boolean;
  /** Wall clock in ms (performance.now by default; tests pass their own). */
  now?: () => number;
}

function checkSpeed(speed: number): number {
  if (!(speed > 0) || speed > 10_000 || !Number.isFinite(speed)) {
    throw new RangeError(`speed must be in (0, 10000], got ${speed}`);
  }
  return speed;
}

export class Timeline {
  readonly start: number;
  readonly end: number;
  /** Distinct receive times, ascending (the instants a manual replay steps through). */
  readonly instants: number[];
  private readonly tracks = new Map<string, KeyTrack>();
  private readonly now: () => number;
  private readonly mode: ClockMode;
  private loop: boolean;
  private speed: number;
  private paused: boolean;
  /** Unwrapped position at the wall time `anchorWall`. */
  private anchorPos: number;
  private anchorWall: number;

  constructor(entries: readonly RecordedReply[], options: TimelineOptions = {}) {
    if (entries.length === 0) throw new Error('the recording has no readable replies');
    this.now = options.now ?? (() => performance.now());
    this.mode = options.mode ?? 'real';
    this.loop = options.loop ?? false;
    this.speed = checkSpeed(options.speed ?? 1);
    this.paused = options.paused ?? false;
    let start = Number.POSITIVE_INFINITY;
    let end = Number.NEGATIVE_INFINITY;
    const instants = new Set<number>();
    for (const e of entries) {
      const key = replyKey(e.call, e.params);
      let track = this.tracks.get(key);
      if (!track) {
        track = { times: [], bodies: [] };
        this.tracks.set(key, track);
      }
      const body = JSON.stringify(e.body);
      const last = track.bodies.length - 1;
      // Polls that saw no change repeat the same body: share one string so an evening fits in memory.
      track.times.push(e.t);
      track.bodies.push(last >= 0 && track.bodies[last] === body ? (track.bodies[last] as string) : body);
      start = Math.min(start, e.t);
      end = Math.max(end, e.t);
      instants.add(e.t);
    }
    for (const track of this.tracks.values()) {
      // Entries come sorted by the reader; keep a track sorted even for hand-made input.
      const order = track.times.map((t, i) => [t, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      track.times = order.map(([t]) => t);
      track.bodies = order.map(([, i]) => track.bodies[i] as string);
    }
    this.start = start;
    this.end = end;
    this.instants = [...instants].sort((a, b) => a - b);
    this.anchorPos = start;
    this.anchorWall = this.now();
  }

  get keys(): string[] {
    return [...this.tracks.keys()];
  }

  private raw(): number {
    if (this.paused || this.mode === 'manual') return this.anchorPos;
    return this.anchorPos + (this.now() - this.anchorWall) * this.speed;
  }

  position(): number {
    const raw = this.raw();
    const span = this.end - this.start;
    if (raw <= this.end) return Math.max(this.start, Math.floor(raw));
    if (!this.loop) return this.end;
    // The last state holds for a second before the loop starts over, as every recorded state does.
    return this.start + (Math.floor(raw - this.start) % (span + LoopHoldMs));
  }

  state(): ReplayState {
    const raw = this.raw();
    return {
      position: this.position(),
      start: this.start,
      end: this.end,
      speed: this.speed,
      paused: this.paused,
      loop: this.loop,
      ended: !this.loop && raw > this.end,
      mode: this.mode,
    };
  }

  private reanchor(pos: number): void {
    this.anchorPos = pos;
    this.anchorWall = this.now();
  }

  pause(): void {
    if (this.paused) return;
    this.reanchor(this.position());
    this.paused = true;
  }

  resume(): void {
    if (!this.paused) return;
    this.paused = false;
    this.reanchor(this.anchorPos);
  }

  setSpeed(speed: number): void {
    checkSpeed(speed);
    this.reanchor(this.position());
    this.speed = speed;
  }

  setLoop(loop: boolean): void {
    this.reanchor(this.position());
    this.loop = loop;
  }

  /** Moves to a recorded UTC ms, clamped to the recording. */
  seek(position: number): void {
    this.reanchor(Math.min(this.end, Math.max(this.start, Math.floor(position))));
  }

  seekBy(deltaMs: number): void {
    this.seek(this.position() + deltaMs);
  }

  /** What a call with these params answers now. */
  lookup(call: string, params: unknown): Served {
    const key = replyKey(call, params);
    const position = this.position();
    const track = this.tracks.get(key);
    if (!track) return { key, t: undefined, body: undefined, position };
    // Latest time <= position; before a key's first reply its first reply stands in, so a view
    // opened early in the replay is not empty.
    let lo = 0;
    let hi = track.times.length - 1;
    let found = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((track.times[mid] as number) <= position) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return { key, t: track.times[found], body: track.bodies[found], position };
  }

  /** Replies recorded for a key (tests, benchmarks). */
  track(call: string, params: unknown): { times: readonly number[]; bodies: readonly string[] } | undefined {
    return this.tracks.get(replyKey(call, params));
  }
}

/**
 * `--from`: `+5m`, `+90s`, `+1h30m` (offset from the start), `21:14` or `21:14:30` (GMT+8 wall
 * time, the first such instant at or after the start's minute), or an ISO date-time.
 */
export function parseFrom(spec: string, start: number, end: number): number {
  const s = spec.trim();
  let at: number;
  const offset = /^\+(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(s);
  const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(s);
  if (offset && s !== '+') {
    const [, h = '0', m = '0', sec = '0'] = offset;
    at = start + (Number(h) * 3600 + Number(m) * 60 + Number(sec)) * 1000;
  } else if (clock) {
    const [, hh = '0', mm = '0', ss] = clock;
    if (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59) throw new Error(`bad time "${spec}"`);
    const dayStart = Math.floor((start + GMT8_MS) / DAY_MS) * DAY_MS - GMT8_MS;
    at = dayStart + (Number(hh) * 3600 + Number(mm) * 60 + Number(ss ?? 0)) * 1000;
    const unit = ss === undefined ? 60_000 : 1000;
    // 21:14 asked of a recording that began at 21:14:30 means its start, not 21:14 tomorrow.
    if (at + unit <= start) at += DAY_MS;
    at = Math.max(at, start);
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(s) && Number.isFinite(Date.parse(s))) {
    at = Date.parse(s);
  } else {
    throw new Error(`--from "${spec}": use +5m, +1h30m, 21:14 (GMT+8) or an ISO date-time`);
  }
  if (at < start || at > end) {
    throw new Error(
      `--from "${spec}" is outside the recording (${formatGmt8(start)} to ${formatGmt8(end)} GMT+8)`,
    );
  }
  return at;
}

/** `2025-11-22 21:14:05` in GMT+8. */
export function formatGmt8(ms: number): string {
  return new Date(ms + GMT8_MS).toISOString().replace('T', ' ').slice(0, 19);
}

/** `1:02:03` or `2:03`. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/** The progress line: `21:14:05 GMT+8  12:05 / 3:00:00  x10  playing`. */
export function progressLine(state: ReplayState): string {
  const status = state.paused ? 'paused' : state.ended ? 'ended' : 'playing';
  return `${formatGmt8(state.position).slice(11)} GMT+8  ${formatDuration(state.position - state.start)} / ${formatDuration(
    state.end - state.start,
  )}  x${state.speed}  ${status}${state.loop ? ' (loop)' : ''}`;
}

/** `10m`, `90s`, `1h30m`, `500ms` or plain milliseconds. */
export function parseDuration(spec: string): number {
  const s = spec.trim();
  if (/^\d+$/.test(s)) return Number(s);
  const m = /^(?:(\d+)h)?(?:(\d+)m(?!s))?(?:(\d+)s)?(?:(\d+)ms)?$/.exec(s);
  if (!m || s === '') throw new Error(`bad duration "${spec}": use 10m, 90s, 1h30m or milliseconds`);
  const [, h = '0', min = '0', sec = '0', ms = '0'] = m;
  return ((Number(h) * 60 + Number(min)) * 60 + Number(sec)) * 1000 + Number(ms);
}
