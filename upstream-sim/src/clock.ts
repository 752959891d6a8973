/**
 * Drives the world's sim clock. 'real': a timer every `tickMs` real ms advances the world by the
 * real time elapsed x speed. 'manual': only advance() moves time (tests, the admin call). The world
 * is advanced in steps of at most `stepMs` sim ms and the sim reacts after each step (live bets
 * decided, match ends settled), so a long advance behaves like the same time passing in small ticks.
 */
import type { World } from './world/types.ts';

export type ClockMode = 'real' | 'manual';

export interface ClockOptions {
  mode: ClockMode;
  speed: number;
  tickMs: number;
  stepMs: number;
}

export interface ClockState {
  now: number;
  mode: ClockMode;
  paused: boolean;
  speed: number;
}

export class SimClock {
  private timer: NodeJS.Timeout | null = null;
  private lastReal = 0;
  private carry = 0;
  private paused = false;
  private speed: number;

  constructor(
    private readonly world: World,
    private readonly options: ClockOptions,
    private readonly afterStep: (now: number) => void,
    private readonly realNow: () => number = () => performance.now(),
  ) {
    this.speed = options.speed;
  }

  start(): void {
    if (this.options.mode !== 'real' || this.timer) return;
    this.lastReal = this.realNow();
    this.timer = setInterval(() => this.tick(), this.options.tickMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private tick(): void {
    const real = this.realNow();
    const elapsed = real - this.lastReal;
    this.lastReal = real;
    if (this.paused) return;
    // A stalled event loop must not turn into one huge jump: at most 10 ticks' worth at once.
    const sim = Math.min(elapsed, this.options.tickMs * 10) * this.speed + this.carry;
    const whole = Math.floor(sim);
    this.carry = sim - whole;
    if (whole > 0) this.advance(whole);
  }

  /** Moves the sim clock by `ms` (any mode, paused or not). */
  advance(ms: number): void {
    let remaining = Math.max(0, Math.floor(ms));
    while (remaining > 0) {
      const step = Math.min(remaining, this.options.stepMs);
      // Bets due now are decided on the market as it is now, before the world moves on.
      this.afterStep(this.world.now());
      this.world.advance(step);
      remaining -= step;
      this.afterStep(this.world.now());
    }
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.lastReal = this.realNow();
  }

  setSpeed(speed: number): void {
    if (!(speed > 0) || speed > 10_000) throw new RangeError(`speed must be in (0, 10000]: ${speed}`);
    this.speed = speed;
  }

  state(): ClockState {
    return { now: this.world.now(), mode: this.options.mode, paused: this.paused, speed: this.speed };
  }
}
