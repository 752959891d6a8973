/**
 * One topic on one node in cluster mode (gateway/CLUSTER.md). Every node that has the topic
 * follows it (a `ReplicaHistory` fed from the snapshot key and the stream); every node with a
 * watcher (or a warm topic) also campaigns for the topic's lease; the winner polls the upstream
 * and publishes through the fenced script. The leader's own clients are served from the same
 * replica, after Redis acknowledged the write, so every node sends the same bytes.
 *
 * A new leader first reads the stream to its end (nobody else can write any more: the fence).
 * When its replica then holds the stream's last entry with a verified hash, it continues that
 * epoch and seq; otherwise (keys expired, Redis restarted empty, hash mismatch) it starts a new
 * epoch and every client re-snapshots.
 *
 * Redis down (CLUSTER.md "Redis down: every node polls its own topics"): a node whose clients
 * watch the topic forks it: it polls the upstream itself and goes on from the replica's state and
 * seq under a node-local epoch, so its clients keep getting deltas. When Redis is back it follows
 * the stream again in a shadow replica and rejoins the cluster once a leader has written after the
 * fork began (never a pre-outage state), bridging its clients with one `prev` delta when the
 * cluster's seq is past theirs (a leader that forked starts its epoch `ForkSeqJump` ahead).
 */
import { randomUUID } from 'node:crypto';
import { createHasher, type Model, type Topic } from '@sportsbook/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Counter } from 'prom-client';
import { advance, type Head } from '../feed/head.ts';
import { Poller, type PollerOptions } from '../feed/poller.ts';
import type { TopicSource } from '../feed/source.ts';
import type { EncodedDelta, RingBounds, TopicWriter } from '../feed/topic.ts';
import type { UpstreamClient } from '../plugins/upstream.ts';
import { UpstreamError } from '../plugins/upstream.ts';
import {
  type BusEntry,
  type BusLimits,
  EntryKind,
  loadHistory,
  type PublishRequest,
  publish,
  readAfter,
  type StreamReader,
} from './bus.ts';
import { compareStreamIds, type TopicKeys, topicKeys } from './keys.ts';
import { LeaderLease } from './lease.ts';
import { deltaOf, modelOf, ReplicaHistory } from './replica.ts';

export interface ClusterTuning {
  /** Leader lease; a dead leader's topic moves to another node within this. */
  leaseMs: number;
  /** The leader rewrites the snapshot key at least every this many deltas... */
  snapshotEveryDeltas: number;
  /** ...or this long after the last rewrite, whichever first (if anything changed). */
  snapshotEveryMs: number;
  /** Redis keys of a topic expire this long after its last write. */
  keyTtlMs: number;
  /** XREAD block time (bounds how late a newly followed topic joins an in-flight read). */
  readBlockMs: number;
  /** A node's socket counts (caps.ts) stop counting this long after its last write (a dead node). */
  capsTtlMs: number;
  /** Each node rewrites its socket counts this often (well within `capsTtlMs`). */
  capsRefreshMs: number;
  /**
   * While Redis is down each node polls the topics its own clients watch, at most this many (the
   * rest stay stale): the upstream then gets at most one poll per topic per interval per node.
   */
  localMaxTopics: number;
}

/**
 * A leader that polled the topic on its own while Redis was down starts its new epoch this many
 * seqs past its own, so every other node's fork (which started from the same stream state and
 * moved at most one seq per poll) is behind it and can be bridged with one delta.
 */
export const ForkSeqJump = 1_000_000;

/** The node's budget of topics polled on their own while Redis is down (cluster.ts). */
export interface LocalPolling {
  /** A topic starts polling on its own; false when the node's budget is spent (it stays stale). */
  acquire(topic: string): boolean;
  release(topic: string): void;
  /** One upstream call of a local poller. */
  polled(): void;
}

export const ClusterDefaults: ClusterTuning = {
  leaseMs: 3000,
  snapshotEveryDeltas: 50,
  snapshotEveryMs: 10_000,
  keyTtlMs: 10 * 60_000,
  readBlockMs: 1000,
  capsTtlMs: 30_000,
  capsRefreshMs: 10_000,
  localMaxTopics: 500,
};

/** What every topic of a node shares: connections, reader, identity, tuning. */
export interface ClusterContext {
  readonly redis: Redis;
  readonly reader: StreamReader;
  readonly nodeId: string;
  readonly tuning: ClusterTuning;
  readonly log: FastifyBaseLogger;
  /** Redis is reachable by this node right now. */
  readonly redisUp: () => boolean;
  /** Polling on its own while Redis is down; absent: topics only go stale. */
  readonly local?: LocalPolling;
}

/** A topic this node polls on its own (Redis down) until it rejoins the cluster. */
interface Fork {
  /** The stream, read again once Redis is back (the served history is the fork). */
  readonly shadow: ReplicaHistory;
  /** When the fork began: a stream entry written after it is post-outage. */
  readonly since: number;
  poller: Poller | undefined;
  /** When Redis answered again (undefined while down). */
  returnedAt: number | undefined;
  fallback: NodeJS.Timeout | undefined;
  /** A leader polled after the fork began (`checkLeaderPolled`): the stream is current. */
  leaderPolled?: boolean;
  /** A stale flag held back while the first local poll still has time (`localStale`). */
  pendingStale?: NodeJS.Timeout | undefined;
}

export interface ClusterTopicOptions {
  name: string;
  topic: Topic;
  intervalMs: number;
  pollTimeoutMs: number;
  maxBackoffMs: number;
  bounds: RingBounds;
  upstream: Pick<UpstreamClient, 'post'>;
  polls: Counter<'topic_kind' | 'outcome'>;
  recorder?: PollerOptions['recorder'];
  /** The node's recovery group of failing pollers (feed/recovery.ts), shared by its leaders. */
  recovery?: PollerOptions['recovery'];
  /** Leadership changes (metric). */
  onLeadership?(leading: boolean): void;
}

/** The leader's head: the state its next poll is diffed against (ahead of Redis by what is in flight). */
interface LeaderHead extends Head {
  snapSeq: number;
  snapAt: number;
  stale: boolean;
}

/** The Redis `TopicSource` (feed/source.ts): `start`/`stop` campaign for the lease. */
export class ClusterTopic implements TopicSource {
  readonly history: ReplicaHistory;
  readonly keys: TopicKeys;
  private readonly lease: LeaderLease;
  private poller: Poller | undefined;
  private pollerStart: NodeJS.Timeout | undefined;
  private head: LeaderHead | undefined;
  /** Leader writes go out in order, one after the other. */
  private writes: Promise<void> = Promise.resolve();
  private reign = 0;
  private syncing: Promise<boolean> | undefined;
  private syncAgain = false;
  private followed = false;
  /** A client waits for the replica to reach the stream's end (`refresh`). */
  private announceAfterSync = false;
  private disposed = false;
  /** A watcher (or a warm topic) on this node: campaign, and poll on its own while Redis is down. */
  private campaigning = false;
  private fork: Fork | undefined;
  private readonly limits: BusLimits;

  constructor(
    private readonly ctx: ClusterContext,
    private readonly options: ClusterTopicOptions,
  ) {
    this.history = new ReplicaHistory(options.name, options.bounds);
    this.keys = topicKeys(options.name);
    this.limits = {
      maxLen: Math.max(options.bounds.maxCount, ctx.tuning.snapshotEveryDeltas * 2),
      ttlMs: ctx.tuning.keyTtlMs,
    };
    this.lease = new LeaderLease({
      redis: ctx.redis,
      leaseKey: this.keys.lease,
      fenceKey: this.keys.fence,
      nodeId: ctx.nodeId,
      leaseMs: ctx.tuning.leaseMs,
      events: {
        onElected: (fence, value) => void this.elected(fence, value),
        onLost: (reason) => this.demoted(reason),
      },
    });
    if (!ctx.redisUp()) this.history.setRedisDown(true, Date.now());
    void this.sync();
  }

  get leading(): boolean {
    return this.lease.isLeader();
  }

  get active(): boolean {
    return (this.poller?.active ?? false) || (this.fork?.poller?.active ?? false);
  }

  /** Polls the upstream on its own (Redis down), not as the cluster's leader. */
  get local(): boolean {
    return this.fork?.poller?.active ?? false;
  }

  /** Where the stream is read into: the shadow while forked, else the served history. */
  private get replica(): ReplicaHistory {
    return this.fork?.shadow ?? this.history;
  }

  /** Campaigns for the lease (a watcher or warm topic on this node). */
  start(): void {
    if (this.disposed) return;
    this.campaigning = true;
    this.lease.start();
    if (!this.ctx.redisUp()) this.goLocal(Date.now());
    else if (this.fork && !this.lease.isLeader()) this.startLocalPoller();
  }

  /** Stops campaigning; a leader hands the topic over at once. Following goes on. */
  stop(_abort = false): void {
    this.campaigning = false;
    this.stopPolling();
    this.stopLocalPoller();
    void this.lease.stop();
  }

  /** Forgets the topic: no campaign, no reading. */
  dispose(): void {
    this.disposed = true;
    this.stop(true);
    this.endFork();
    this.ctx.reader.unfollow(this.keys.stream);
    this.history.listener = undefined;
  }

  /** See `TopicSource.refresh`: the hub met a client ahead of this node's replica. */
  refresh(): void {
    this.announceAfterSync = true;
    void this.sync();
  }

  /** Redis came back (or the reader reconnected): reload what may have been missed. */
  redisRecovered(): void {
    const fork = this.fork;
    if (fork && fork.returnedAt === undefined && this.ctx.redisUp()) {
      fork.returnedAt = Date.now();
      // A topic nobody changes gets no new entry: the leader's poll record says the stream is current.
      fork.fallback = setTimeout(() => void this.checkLeaderPolled(fork), this.options.intervalMs);
    }
    void this.sync();
  }

  redisLost(at: number): void {
    // Before the stale flag: the clients here never see this topic stale while it is polled here.
    if (this.campaigning) this.goLocal(at);
    this.setRedisDown(true, at);
  }

  private setRedisDown(down: boolean, at: number): void {
    this.history.setRedisDown(down, at);
    this.fork?.shadow.setRedisDown(down, at);
  }

  // Polling on its own while Redis is down.

  private goLocal(at: number): void {
    if (this.disposed || !this.campaigning) return;
    const current = this.fork;
    if (current) {
      // Down again before rejoining: keep polling here.
      if (current.fallback) clearTimeout(current.fallback);
      current.fallback = undefined;
      current.returnedAt = undefined;
      current.leaderPolled = false;
      this.startLocalPoller();
      return;
    }
    if (this.ctx.local === undefined || !this.ctx.local.acquire(this.options.name)) return;
    const shadow = new ReplicaHistory(this.options.name, this.options.bounds);
    shadow.setRedisDown(true, at);
    this.fork = { shadow, since: at, poller: undefined, returnedAt: undefined, fallback: undefined };
    // A leader can no longer write (every write fails): it stops now, not at the end of its lease.
    this.reign++;
    this.head = undefined;
    this.stopPolling();
    this.lease.relinquish();
    this.history.fork(randomUUID(), at);
    this.ctx.log.info(
      { topic: this.options.name, epoch: this.history.epoch, seq: this.history.seq },
      'redis down: polling the topic on this node',
    );
    this.startLocalPoller();
  }

  private startLocalPoller(): void {
    const fork = this.fork;
    if (fork === undefined || !this.campaigning || this.disposed) return;
    if (fork.poller === undefined) {
      const local = this.ctx.local;
      const upstream = this.options.upstream;
      fork.poller = new Poller({
        name: this.options.name,
        topic: this.options.topic,
        intervalMs: this.options.intervalMs,
        timeoutMs: this.options.pollTimeoutMs,
        maxBackoffMs: this.options.maxBackoffMs,
        upstream: {
          post: (path, body, options) => {
            local?.polled();
            return upstream.post(path, body, options);
          },
        },
        writer: {
          publish: (model, pt) => this.history.publish(model, pt),
          setStale: (stale, at) => this.localStale(fork, stale, at),
        },
        log: this.ctx.log,
        polls: this.options.polls,
        recorder: this.options.recorder ?? null,
        recovery: this.options.recovery ?? null,
      });
    }
    fork.poller.start();
  }

  /**
   * The local poller's stale flag. Its first poll is a cold one (no earlier reply to reuse) and the
   * state it replaces was current when the fork began, so the topic is not called stale before that
   * poll had its whole timeout; a failure past it still marks it.
   */
  private localStale(fork: Fork, stale: boolean, at: number): void {
    if (fork.pendingStale) clearTimeout(fork.pendingStale);
    fork.pendingStale = undefined;
    const grace = fork.since + this.options.pollTimeoutMs + this.options.intervalMs - Date.now();
    if (stale && grace > 0) {
      fork.pendingStale = setTimeout(() => {
        fork.pendingStale = undefined;
        if (this.fork === fork) this.history.setStale(true, Date.now());
      }, grace);
      return;
    }
    this.history.setStale(stale, at);
  }

  private stopLocalPoller(): void {
    this.fork?.poller?.stop(true);
  }

  /** Drops the fork (rejoined or disposed): its poller, its timer, its place in the node's budget. */
  private endFork(): Fork | undefined {
    const fork = this.fork;
    if (fork === undefined) return undefined;
    this.fork = undefined;
    fork.poller?.stop(true);
    if (fork.fallback) clearTimeout(fork.fallback);
    if (fork.pendingStale) clearTimeout(fork.pendingStale);
    this.ctx.local?.release(this.options.name);
    return fork;
  }

  /**
   * Rejoins the cluster when the shadow holds a state a leader wrote after the fork began, or a
   * leader polled after it (a quiet topic: the stream is current then). Never a pre-outage state.
   */
  private maybeRejoin(): void {
    const fork = this.fork;
    if (fork === undefined || fork.returnedAt === undefined || !this.ctx.redisUp()) return;
    if (!fork.shadow.hasSnapshot) return;
    const written = Number(fork.shadow.lastId.split('-')[0]);
    if (!(written >= fork.since) && !fork.leaderPolled) return;
    this.rejoin();
  }

  /**
   * A leader polled the topic after the fork began (its `polled` record, written by every publish,
   * a bare poll included): it diffed that poll against the stream's state, so the stream is current
   * even when nothing changed. Checked every lease until then.
   */
  private async checkLeaderPolled(fork: Fork): Promise<void> {
    fork.fallback = undefined;
    let polled: number | undefined;
    try {
      const value = await this.ctx.redis.get(this.keys.polled);
      polled = value === null ? undefined : Number(value);
    } catch {
      polled = undefined;
    }
    if (this.fork !== fork || fork.returnedAt === undefined) return;
    if (polled !== undefined && polled >= fork.since) {
      fork.leaderPolled = true;
      void this.sync();
      return;
    }
    fork.fallback = setTimeout(() => void this.checkLeaderPolled(fork), this.ctx.tuning.leaseMs);
  }

  private rejoin(): void {
    const fork = this.endFork();
    if (fork === undefined) return;
    // We just read (or wrote) the stream: whatever the shadow's last failed sync said, Redis is up.
    fork.shadow.setRedisDown(!this.ctx.redisUp(), Date.now());
    const bridged = this.history.rejoin(fork.shadow);
    this.ctx.log.info(
      { topic: this.options.name, bridged, epoch: this.history.epoch, seq: this.history.seq },
      'redis back: topic follows the cluster leader again',
    );
  }

  // Following.

  /** New entries from the reader. */
  onEntries(entries: BusEntry[]): void {
    if (this.syncing) {
      this.syncAgain = true;
      return;
    }
    const replica = this.replica;
    for (const entry of entries) {
      if (replica.apply(entry) === 'resync') {
        void this.sync();
        return;
      }
    }
    this.maybeRejoin();
  }

  /**
   * Brings the replica up to the stream's end: entries after our last id when they continue our
   * state, else the snapshot key and everything after it. True when the replica holds the last
   * entry the stream had at the time of the read.
   */
  sync(): Promise<boolean> {
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    const run = async (): Promise<boolean> => {
      let ok = false;
      do {
        this.syncAgain = false;
        try {
          ok = await this.syncOnce();
          // In touch with Redis again (even with nothing to load): what we serve is current.
          this.setRedisDown(false, Date.now());
          this.maybeRejoin();
          if (this.announceAfterSync && this.fork === undefined && this.history.hasSnapshot) {
            // The replica read the stream to its end: whoever waited for it is served now.
            this.announceAfterSync = false;
            this.history.announce();
          }
        } catch (err) {
          ok = false;
          this.ctx.log.warn({ err, topic: this.options.name }, 'cluster topic sync failed');
          if (!this.ctx.redisUp()) this.setRedisDown(true, Date.now());
        }
      } while (this.syncAgain && !this.disposed);
      return ok;
    };
    this.syncing = run().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  private async syncOnce(): Promise<boolean> {
    if (this.disposed) return false;
    const { redis } = this.ctx;
    const replica = this.replica;
    if (replica.lastId !== '' && replica.hasSnapshot) {
      const entries = await readAfter(redis, this.keys, replica.lastId);
      let clean = true;
      for (const entry of entries) {
        if (replica.apply(entry) === 'resync') {
          clean = false;
          break;
        }
      }
      // An empty answer is ambiguous (nothing new, or the stream is gone): check the tail.
      if (clean && (entries.length > 0 || (await this.tailIs(replica.lastId)))) {
        this.follow();
        return true;
      }
    }
    const loaded = await loadHistory(redis, this.keys);
    const snap = loaded.snapshot;
    if (snap === undefined) {
      // Nothing to load (no leader yet, or the keys expired): wait for an epoch entry.
      this.follow(loaded.entries.at(-1)?.id);
      return false;
    }
    const model = modelOf(snap.data);
    if (model === undefined) {
      this.ctx.log.error({ topic: this.options.name }, 'cluster snapshot unreadable');
      this.follow(loaded.entries.at(-1)?.id);
      return false;
    }
    const older: EncodedDelta[] = [];
    const after: BusEntry[] = [];
    for (const entry of loaded.entries) {
      if (compareStreamIds(entry.id, snap.id) > 0) after.push(entry);
      else if (entry.kind === EntryKind.delta && entry.epoch === snap.epoch && entry.seq <= snap.seq) {
        const d = deltaOf(entry, this.options.name);
        if (d) older.push(d);
      }
    }
    const image = {
      epoch: snap.epoch,
      seq: snap.seq,
      hash: snap.hash,
      pt: snap.pt,
      model,
      id: snap.id,
      stale: snap.stale,
    };
    // Quietly: the hub hears of the state only once it holds everything the stream had, so a
    // client resuming here from a seq past the snapshot key gets its deltas, never an older state.
    if (!replica.reset(image, older, true)) {
      this.ctx.log.error({ topic: this.options.name }, 'cluster snapshot hash mismatch');
      this.follow(loaded.entries.at(-1)?.id);
      return false;
    }
    let complete = true;
    for (const entry of after) {
      if (replica.apply(entry, undefined, true) === 'resync') {
        complete = false;
        break;
      }
    }
    replica.announce();
    this.follow(complete ? undefined : loaded.entries.at(-1)?.id);
    return complete;
  }

  private async tailIs(id: string): Promise<boolean> {
    const tail = (await this.ctx.redis.xrevrange(this.keys.stream, '+', '-', 'COUNT', 1)) as [
      string,
      unknown,
    ][];
    return tail[0]?.[0] === id;
  }

  private follow(fromId?: string): void {
    if (this.disposed) return;
    const at = fromId ?? this.replica.lastId;
    const last = at === '' ? '0-0' : at;
    if (!this.followed) {
      this.followed = true;
      this.ctx.reader.follow(this.keys.stream, last, (entries) => this.onEntries(entries));
    } else {
      this.ctx.reader.seek(this.keys.stream, last);
    }
  }

  // Leading.

  private async elected(fence: number, value: string): Promise<void> {
    const reign = ++this.reign;
    this.options.onLeadership?.(true);
    // The fence is ours now: whatever the stream holds is final. Read it to the end.
    const proven = await this.sync();
    if (reign !== this.reign || !this.lease.isLeader()) return;
    const h = this.replica;
    const forked = this.fork;
    let polledAt: number | undefined;
    try {
      const polled = await this.ctx.redis.get(this.keys.polled);
      polledAt = polled === null ? undefined : Number(polled);
    } catch {
      polledAt = undefined;
    }
    if (reign !== this.reign || !this.lease.isLeader()) return;
    const model = h.model;
    if (forked) {
      // Our clients hold this node's fork: a new epoch ahead of every fork, which they (and the
      // other nodes' clients) are bridged to with one delta when it lands (rejoin).
      this.stopLocalPoller();
      this.head = {
        topic: this.options.name,
        epoch: randomUUID(),
        seq: Math.max(this.history.seq, h.seq) + ForkSeqJump,
        hasher: undefined,
        snapSeq: 0,
        snapAt: 0,
        stale: false,
      };
      this.head.snapSeq = this.head.seq;
      this.ctx.log.info(
        { topic: this.options.name, fence, epoch: this.head.epoch, seq: this.head.seq },
        'topic leader after polling on its own: new epoch',
      );
    } else if (proven && h.hasSnapshot && model !== undefined) {
      this.head = {
        topic: this.options.name,
        epoch: h.epoch,
        seq: h.seq,
        hasher: createHasher(model),
        snapSeq: h.seq,
        snapAt: Date.now(),
        stale: h.status.stale,
      };
      this.ctx.log.info(
        { topic: this.options.name, fence, epoch: h.epoch, seq: h.seq },
        'topic leader: continuing epoch',
      );
    } else {
      this.head = {
        topic: this.options.name,
        epoch: randomUUID(),
        seq: 0,
        hasher: undefined,
        snapSeq: 0,
        snapAt: 0,
        stale: false,
      };
      this.ctx.log.info(
        { topic: this.options.name, fence, epoch: this.head.epoch },
        'topic leader: new epoch',
      );
    }
    this.startPolling(value, reign, polledAt);
  }

  private demoted(reason: string): void {
    this.reign++;
    this.head = undefined;
    this.stopPolling();
    // Still forked (not rejoined yet): this node's clients are served by its own polls again.
    this.startLocalPoller();
    this.options.onLeadership?.(false);
    this.ctx.log.info({ topic: this.options.name, reason }, 'topic leadership lost');
    // Whatever we had in flight may or may not have landed: read the truth back.
    void this.sync();
  }

  private startPolling(leaseValue: string, reign: number, polledAt: number | undefined): void {
    const lease = this.lease;
    // Polls are refused the moment this node no longer leads by its own clock, even if a timer
    // fires late after a pause: never two pollers for one topic.
    const guarded: Pick<UpstreamClient, 'post'> = {
      post: (path, body, options) =>
        lease.isLeader() && reign === this.reign
          ? this.options.upstream.post(path, body, options)
          : Promise.reject(new UpstreamError('network', 'not the topic leader')),
    };
    // A new leader's first poll is a cold one (nothing to reuse) and the stream's state was current
    // at the election: the topic is not called stale before that poll had its whole timeout.
    const graceUntil = Date.now() + this.options.pollTimeoutMs + this.options.intervalMs;
    let pending: NodeJS.Timeout | undefined;
    const writer: TopicWriter = {
      publish: (model, pt) => this.publishModel(leaseValue, reign, model, pt),
      setStale: (stale, at) => {
        if (pending) clearTimeout(pending);
        pending = undefined;
        const grace = graceUntil - Date.now();
        if (stale && grace > 0) {
          pending = setTimeout(() => {
            pending = undefined;
            if (reign === this.reign) this.publishStatus(leaseValue, reign, true, Date.now());
          }, grace);
          return;
        }
        this.publishStatus(leaseValue, reign, stale, at);
      },
    };
    this.poller = new Poller({
      name: this.options.name,
      topic: this.options.topic,
      intervalMs: this.options.intervalMs,
      timeoutMs: this.options.pollTimeoutMs,
      maxBackoffMs: this.options.maxBackoffMs,
      upstream: guarded,
      writer,
      log: this.ctx.log,
      polls: this.options.polls,
      recorder: this.options.recorder ?? null,
      recovery: this.options.recovery ?? null,
    });
    // Keep the cluster's rhythm: the previous leader's last poll plus one interval.
    const wait =
      polledAt === undefined
        ? 0
        : Math.max(0, Math.min(polledAt + this.options.intervalMs - Date.now(), this.options.intervalMs));
    const poller = this.poller;
    this.pollerStart = setTimeout(() => {
      this.pollerStart = undefined;
      if (this.poller === poller && reign === this.reign) poller.start();
    }, wait);
  }

  private stopPolling(): void {
    if (this.pollerStart) clearTimeout(this.pollerStart);
    this.pollerStart = undefined;
    this.poller?.stop(true);
    this.poller = undefined;
  }

  private publishModel(
    leaseValue: string,
    reign: number,
    polled: Model,
    pt: number,
  ): EncodedDelta | undefined {
    const head = this.head;
    if (head === undefined || reign !== this.reign) return undefined;
    const base = { epoch: head.epoch, fence: this.lease.fence ?? 0, stale: head.stale };
    const step = advance(head, polled, pt);
    // The state advance stored (with clock anchors on a market topic, protocol clock.ts).
    const model = step.kind === 'same' ? polled : step.model;
    if (step.kind === 'first') {
      head.snapSeq = head.seq;
      head.snapAt = pt;
      const image = { epoch: base.epoch, seq: head.seq, hash: step.hash, pt, model, stale: base.stale };
      this.enqueue(
        leaseValue,
        reign,
        {
          ...base,
          kind: EntryKind.epoch,
          seq: image.seq,
          hash: image.hash,
          pt,
          frame: '',
          snapshot: JSON.stringify(model),
        },
        (id) => this.landImage({ ...image, id }),
      );
      return undefined;
    }
    if (step.kind === 'same') {
      // Only the poll time (a new leader keeps the rhythm).
      this.enqueue(leaseValue, reign, {
        ...base,
        kind: '',
        seq: head.seq,
        hash: '',
        pt,
        frame: '',
        snapshot: '',
      });
      return undefined;
    }
    const { delta, text, hash } = step;
    const { tuning } = this.ctx;
    const snapDue =
      head.seq - head.snapSeq >= tuning.snapshotEveryDeltas || pt - head.snapAt >= tuning.snapshotEveryMs;
    if (snapDue) {
      head.snapSeq = head.seq;
      head.snapAt = pt;
    }
    const seq = delta.seq;
    this.enqueue(
      leaseValue,
      reign,
      {
        ...base,
        kind: EntryKind.delta,
        seq,
        hash,
        pt,
        frame: text,
        snapshot: snapDue ? JSON.stringify(model) : '',
      },
      (id) => {
        const entry: BusEntry = { kind: 'd', id, ...base, seq, hash, pt, frame: text };
        if (this.replica.apply(entry, { model, delta }) === 'resync') void this.sync();
      },
    );
    return delta;
  }

  private publishStatus(leaseValue: string, reign: number, stale: boolean, at: number): void {
    const head = this.head;
    if (head === undefined || reign !== this.reign || head.stale === stale) return;
    head.stale = stale;
    const entry = {
      kind: EntryKind.status,
      epoch: head.epoch,
      seq: head.seq,
      hash: head.hasher?.value ?? '',
      pt: at,
      frame: '',
      fence: this.lease.fence ?? 0,
      stale,
      snapshot: '',
    };
    this.enqueue(leaseValue, reign, entry, (id) => {
      this.replica.apply({
        kind: 's',
        id,
        epoch: entry.epoch,
        seq: entry.seq,
        hash: entry.hash,
        pt: at,
        fence: entry.fence,
        stale,
      });
    });
  }

  private enqueue(
    leaseValue: string,
    reign: number,
    req: PublishRequest,
    onWritten?: (id: string) => void,
  ): void {
    this.writes = this.writes.then(async () => {
      if (reign !== this.reign) return;
      let id: string | null;
      try {
        id = await publish(this.ctx.redis, this.keys, leaseValue, this.limits, req);
      } catch (err) {
        // Unknown whether it landed: this reign's head can no longer be trusted.
        this.ctx.log.warn({ err, topic: this.options.name }, 'cluster publish failed');
        if (reign === this.reign) this.abdicate();
        return;
      }
      if (reign !== this.reign) return;
      if (id === null) {
        this.ctx.log.warn({ topic: this.options.name }, 'cluster publish fenced off');
        this.abdicate();
        return;
      }
      if (id !== '') onWritten?.(id);
    });
  }

  /** The leader's new epoch landed in Redis: the replica takes it; a fork rejoins on it. */
  private landImage(image: Parameters<ReplicaHistory['reset']>[0]): void {
    const fork = this.fork;
    if (fork === undefined) {
      this.history.reset(image);
      return;
    }
    if (fork.shadow.reset(image)) this.rejoin();
  }

  /** Gives up this reign locally (a lost or unknown write); the lease campaign goes on. */
  private abdicate(): void {
    this.lease.relinquish();
  }
}
