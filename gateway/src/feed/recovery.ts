/**
 * Recovery after an upstream outage (gateway/FEED.md "Topics and polling"). Failing topics back off
 * (poller.ts), but per upstream call one of them, the prober, keeps polling once per interval. When
 * any topic of a call succeeds after failing, the outage is over for that call: every other topic
 * backing off on it is woken and polls within one interval (spread over it, not in one burst). So
 * fresh data is back within about two intervals of the upstream's return, while an outage costs the
 * upstream one poll per interval per call plus the backed-off ones.
 */

/** A poller as the group sees it. */
export interface Recoverable {
  /** The upstream call it polls (its group). */
  readonly recoveryKey: string;
  readonly intervalMs: number;
  /** Poll after `delayMs` if that is sooner than the poll now scheduled (a backed-off one only). */
  wake(delayMs: number): void;
}

interface Group {
  readonly failing: Set<Recoverable>;
  prober: Recoverable | undefined;
}

export class Recovery {
  private readonly groups = new Map<string, Group>();

  constructor(private readonly random: () => number = Math.random) {}

  private group(key: string): Group {
    let g = this.groups.get(key);
    if (!g) {
      g = { failing: new Set(), prober: undefined };
      this.groups.set(key, g);
    }
    return g;
  }

  /**
   * A poll failed. Returns the delay before the member's next poll: `onScheduleMs` (the fixed
   * rate) for the call's prober, `backoffMs` for the others.
   */
  failed(member: Recoverable, backoffMs: number, onScheduleMs: number): number {
    const g = this.group(member.recoveryKey);
    g.failing.add(member);
    if (g.prober === undefined) g.prober = member;
    return g.prober === member ? Math.min(backoffMs, onScheduleMs) : backoffMs;
  }

  /** A poll succeeded; after failures (`recovered`) the rest of the call's failing topics are woken. */
  succeeded(member: Recoverable, recovered: boolean): void {
    const g = this.groups.get(member.recoveryKey);
    if (!g) return;
    this.drop(g, member);
    if (!recovered) return;
    for (const other of g.failing) other.wake(this.random() * other.intervalMs);
  }

  /** The member stopped polling (nobody watches it): another failing one takes over probing. */
  left(member: Recoverable): void {
    const g = this.groups.get(member.recoveryKey);
    if (!g) return;
    const wasProber = g.prober === member;
    this.drop(g, member);
    if (!wasProber) return;
    const next = g.failing.values().next();
    if (next.done) return;
    g.prober = next.value;
    next.value.wake(next.value.intervalMs);
  }

  private drop(g: Group, member: Recoverable): void {
    g.failing.delete(member);
    if (g.prober === member) g.prober = undefined;
    if (g.failing.size === 0 && g.prober === undefined) this.groups.delete(member.recoveryKey);
  }

  /** Topics failing now, per call (tests, diagnostics). */
  failingCount(key: string): number {
    return this.groups.get(key)?.failing.size ?? 0;
  }
}
