/**
 * A leader lease per topic (gateway/CLUSTER.md): `SET key <node>:<fence> NX PX lease`, renewed by
 * a check-and-pexpire script, released by check-and-del. The fence is a counter incremented on
 * every acquisition, so each reign has a distinct value and the publish script (bus.ts) refuses
 * writes from anyone whose value is no longer the key's: a leader that was paused or partitioned
 * past its lease cannot write over its successor.
 *
 * The holder also stops believing it leads at `sentAt + lease - margin` of its last successful
 * renew, measured on its own clock, so it stops polling before another node can take over.
 * Candidates retry at the moment the current lease would expire (PTTL), so a dead leader's topic
 * moves within one lease.
 */
import type { Redis } from 'ioredis';

const AcquireLua = `
local current = redis.call('GET', KEYS[1])
if current then return {0, redis.call('PTTL', KEYS[1])} end
local fence = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. fence, 'PX', ARGV[2])
return {fence, 0}
`;
const RenewLua = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;
const ReleaseLua = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

export type LeaseLossReason = 'released' | 'taken' | 'expired';

export interface LeaseEvents {
  /** This node now leads; `value` is what the publish script must see in the lease key. */
  onElected(fence: number, value: string): void;
  onLost(reason: LeaseLossReason): void;
}

export interface LeaseOptions {
  redis: Redis;
  leaseKey: string;
  fenceKey: string;
  nodeId: string;
  leaseMs: number;
  events: LeaseEvents;
  now?: () => number;
  random?: () => number;
}

/** Guards for clock drift and timer lateness: the holder gives up this much before the TTL ends. */
export function leaseMargin(leaseMs: number): number {
  return Math.max(50, Math.round(leaseMs * 0.1));
}

export class LeaderLease {
  private campaigning = false;
  private leading: { fence: number; value: string; validUntil: number } | undefined;
  private timer: NodeJS.Timeout | undefined;
  private deadline: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(private readonly options: LeaseOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  /** True while this node holds the lease by its own clock (checked before every poll). */
  isLeader(): boolean {
    return this.leading !== undefined && this.now() < this.leading.validUntil;
  }

  get value(): string | undefined {
    return this.leading?.value;
  }

  get fence(): number | undefined {
    return this.leading?.fence;
  }

  /** Starts competing for the lease (idempotent). */
  start(): void {
    if (this.campaigning) return;
    this.campaigning = true;
    this.schedule(0);
  }

  /** Stops competing; a leader releases the lease so another node takes over at once. */
  async stop(): Promise<void> {
    this.campaigning = false;
    this.clearTimers();
    const held = this.leading;
    if (held === undefined) return;
    this.leading = undefined;
    this.options.events.onLost('released');
    try {
      await this.options.redis.eval(ReleaseLua, 1, this.options.leaseKey, held.value);
    } catch {
      // Redis unreachable: the lease expires on its own.
    }
  }

  /**
   * Gives up the current reign (a write was fenced off or its fate is unknown): stops leading at
   * once, deletes the key if it is still ours, and keeps campaigning.
   */
  relinquish(): void {
    const held = this.leading;
    if (held === undefined) return;
    this.options.redis.eval(ReleaseLua, 1, this.options.leaseKey, held.value).catch(() => {});
    this.lose('taken');
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.deadline) clearTimeout(this.deadline);
    this.timer = undefined;
    this.deadline = undefined;
  }

  private schedule(delayMs: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void (this.leading ? this.renew() : this.acquire());
    }, delayMs);
  }

  private async acquire(): Promise<void> {
    if (!this.campaigning) return;
    const { leaseMs } = this.options;
    const sentAt = this.now();
    let reply: [number, number];
    try {
      reply = (await this.options.redis.eval(
        AcquireLua,
        2,
        this.options.leaseKey,
        this.options.fenceKey,
        this.options.nodeId,
        String(leaseMs),
      )) as [number, number];
    } catch {
      if (this.campaigning) this.schedule(this.jitter(leaseMs / 3));
      return;
    }
    if (!this.campaigning) {
      // Stopped while the call ran: give back what we may just have won.
      if (reply[0] > 0)
        await this.options.redis
          .eval(ReleaseLua, 1, this.options.leaseKey, `${this.options.nodeId}:${reply[0]}`)
          .catch(() => {});
      return;
    }
    const [fence, pttl] = reply;
    if (fence > 0) {
      const value = `${this.options.nodeId}:${fence}`;
      this.leading = { fence, value, validUntil: sentAt + leaseMs - leaseMargin(leaseMs) };
      this.armDeadline();
      this.schedule(leaseMs / 3);
      this.options.events.onElected(fence, value);
      return;
    }
    // Held by someone else: try again the moment it would expire (a dead holder's lease), or
    // within a lease if the key has no TTL (never set by us, but bounded anyway).
    const wait = pttl > 0 ? Math.min(pttl, leaseMs) + 5 : leaseMs / 3;
    this.schedule(this.jitter(wait, 0.1));
  }

  private async renew(): Promise<void> {
    const held = this.leading;
    if (held === undefined || !this.campaigning) return;
    const sentAt = this.now();
    let renewed: number;
    try {
      renewed = (await this.options.redis.eval(
        RenewLua,
        1,
        this.options.leaseKey,
        held.value,
        String(this.options.leaseMs),
      )) as number;
    } catch {
      // Redis unreachable: keep trying until the deadline says we no longer lead.
      if (this.leading === held) this.schedule(Math.min(250, this.options.leaseMs / 6));
      return;
    }
    if (this.leading !== held) return;
    if (renewed !== 1) {
      this.lose('taken');
      return;
    }
    held.validUntil = sentAt + this.options.leaseMs - leaseMargin(this.options.leaseMs);
    this.armDeadline();
    this.schedule(this.options.leaseMs / 3);
  }

  private armDeadline(): void {
    if (this.deadline) clearTimeout(this.deadline);
    const held = this.leading;
    if (held === undefined) return;
    this.deadline = setTimeout(
      () => {
        this.deadline = undefined;
        if (this.leading === held && this.now() >= held.validUntil) this.lose('expired');
        else this.armDeadline();
      },
      Math.max(0, held.validUntil - this.now()),
    );
  }

  private lose(reason: LeaseLossReason): void {
    this.leading = undefined;
    if (this.deadline) clearTimeout(this.deadline);
    this.deadline = undefined;
    this.options.events.onLost(reason);
    if (this.campaigning) this.schedule(this.jitter(this.options.leaseMs / 3));
  }

  private jitter(ms: number, spread = 0.5): number {
    return Math.max(1, Math.round(ms * (1 - spread / 2 + this.random() * spread)));
  }
}
