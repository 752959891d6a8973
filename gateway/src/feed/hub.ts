/**
 * Topics and their subscribers. A topic is polled while someone watches it (or it is warm); its
 * history survives `topicIdleMs` without watchers so reconnecting clients resume. Each frame is
 * encoded once (topic.ts) and the same Buffer is written to every subscriber. A subscriber whose
 * socket buffer is over the soft bound is skipped and marked lagging; once it drains it gets one
 * conflated delta (or a fresh snapshot); if it does not drain in time it is closed with 4413.
 */
import { CloseCode, type Topic } from '@sportsbook/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Counter, Gauge, Histogram } from 'prom-client';
import type { UpstreamClient } from '../plugins/upstream.ts';
import type { Recorder } from '../record/writer.ts';
import { AccountStreams } from './account.ts';
import { Recovery } from './recovery.ts';
import { type Scheduler, sharedScheduler, type Task } from './scheduler.ts';
import { localSources, type TopicSource, type TopicSourceFactory } from './source.ts';
import {
  type EncodedDelta,
  type EncodedFrame,
  frameFor,
  type TopicListener,
  type TopicLog,
} from './topic.ts';
import type { FeedTuning } from './tuning.ts';
import { sendFramed, textFrame } from './wsFrame.ts';

/** The hub's view of a connection (connection.ts implements it). */
export interface Subscriber {
  readonly socket: { readonly bufferedAmount: number; send(data: Buffer, options: object, cb?: never): void };
  /** Over the soft bound: deltas are held back until it drains. */
  lagging: boolean;
  laggingSince: number;
  /** When a frame was last written (ms since the epoch): heartbeats go only to idle sockets. */
  lastSentAt: number;
  readonly open: boolean;
  /** The wire version of its hello: which view of a topic it is served (`TopicLog.view`). */
  readonly version: number;
  /** This connection's subscriptions by topic name. */
  readonly subs: ReadonlyMap<string, Subscription>;
  /** The session of its hello (connection.ts): an `account/<id>` topic polls with it. */
  readonly accountId?: string;
  readonly sessionToken?: string;
  close(code: number, reason: string): void;
}

export interface Subscription {
  readonly conn: Subscriber;
  readonly entry: TopicEntry;
  /** What this subscription is served: the topic's view for the connection's wire version. */
  readonly log: TopicLog;
  /** Seq of the last state sent; -1 before the snapshot. */
  seq: number;
  /** The epoch the client holds (a snapshot resets it). */
  epoch: string;
  /**
   * A resume waiting for this node's history: before its first snapshot (cluster: a node new to the
   * topic), or while it is behind the client's seq (cluster: a lagging reader). Served from
   * `onFirstSnapshot` / `onReset`, never with a state older than `seq`.
   */
  resumeFrom?: { epoch: string; seq: number };
}

export interface TopicEntry {
  readonly name: string;
  readonly topic: Topic;
  readonly history: TopicSource['history'];
  /** Polling (cluster: the lease campaign) while watched or warm. */
  readonly poller: Pick<TopicSource, 'start' | 'stop'>;
  readonly dispose: () => void;
  /** The source can read on to its end (cluster); see `TopicSource.refresh`. */
  readonly refresh: (() => void) | undefined;
  readonly subs: Set<Subscription>;
  readonly warm: boolean;
  /** Drops the topic `topicIdleMs` after its last watcher left (a task of the hub's scheduler). */
  readonly idleTimer: Task;
}

export interface HubMetrics {
  polls: Counter<'topic_kind' | 'outcome'>;
  framesSent: Counter;
  bytesSent: Counter;
  conflations: Counter<'kind'>;
  slowCloses: Counter;
  stale: Gauge;
  topics: Gauge;
  /** Poll to fan-out time of each delta sent to someone (the ops dashboard's delivery latency). */
  deliveryLatency?: Histogram;
}

export interface HubOptions {
  tuning: FeedTuning;
  intervalFor(topic: Topic): number;
  upstream: Pick<UpstreamClient, 'post'>;
  log: FastifyBaseLogger;
  metrics: HubMetrics;
  recorder?: Pick<Recorder, 'record'> | null;
  /** Another history backend (the cluster's, source.ts); in-process when absent. */
  source?: TopicSourceFactory;
  /**
   * The one timer of every topic of the node (scheduler.ts): polls, stale deadlines, account polls
   * and idle drops. The process's shared one when absent.
   */
  scheduler?: Scheduler;
}

const SEND_OPTS = { binary: false, compress: false, fin: true } as const;
/** With permessage-deflate offered (`tuning.perMessageDeflate`): compressed where negotiated. */
const SEND_OPTS_DEFLATE = { binary: false, compress: true, fin: true } as const;

export class Hub implements TopicListener {
  readonly topics = new Map<string, TopicEntry>();
  private readonly lagging = new Set<Subscriber>();
  private lagTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Failing pollers of this node: one prober per call, all woken on recovery (recovery.ts). */
  readonly recovery = new Recovery();
  /**
   * The `account/<id>` topics (account.ts): always this node's own, also with Redis (the session
   * token stays on the node that received it; CLUSTER.md "Account topics").
   */
  readonly accounts: AccountStreams;

  /** Builds every topic: in-process or the cluster's (source.ts). */
  private readonly source: TopicSourceFactory;
  private readonly sendOpts: typeof SEND_OPTS | typeof SEND_OPTS_DEFLATE;
  readonly scheduler: Scheduler;

  constructor(private readonly options: HubOptions) {
    const { tuning } = options;
    this.scheduler = options.scheduler ?? sharedScheduler();
    this.sendOpts = tuning.perMessageDeflate ? SEND_OPTS_DEFLATE : SEND_OPTS;
    this.source =
      options.source ??
      localSources({
        upstream: options.upstream,
        log: options.log,
        polls: options.metrics.polls,
        recorder: options.recorder ?? null,
        recovery: this.recovery,
        bounds: { maxCount: tuning.ringMaxCount, maxAgeMs: tuning.ringMaxAgeMs },
        maxBackoffMs: tuning.maxBackoffMs,
        scheduler: this.scheduler,
      });
    this.accounts = new AccountStreams({
      upstream: options.upstream,
      log: options.log,
      polls: options.metrics.polls,
      tuning,
      bounds: { maxCount: tuning.ringMaxCount, maxAgeMs: tuning.ringMaxAgeMs },
      onInvalidSession: (name, token) => this.closeSession(name, token),
      scheduler: this.scheduler,
    });
  }

  /** Topics under the node's topic cap (gate.ts): every held topic but the account topics. */
  get sharedCount(): number {
    return this.topics.size - this.accounts.size;
  }

  /** The upstream refused a session polling an account topic: its sockets go with 4401. */
  private closeSession(name: string, token: string): void {
    const entry = this.topics.get(name);
    if (!entry) return;
    for (const sub of [...entry.subs]) {
      if (sub.conn.sessionToken === token) sub.conn.close(CloseCode.badSession, 'session expired');
    }
  }

  /** The subscribers' sessions of a held topic (an account topic polls with one of them). */
  private sessionsOf(name: string): { accountId: string; sessionToken: string }[] {
    const entry = this.topics.get(name);
    if (!entry) return [];
    return [...entry.subs].map((s) => ({
      accountId: s.conn.accountId ?? '',
      sessionToken: s.conn.sessionToken ?? '',
    }));
  }

  private entry(name: string, topic: Topic, warm: boolean): TopicEntry {
    let entry = this.topics.get(name);
    if (entry) return entry;
    const { tuning } = this.options;
    const intervalMs = this.options.intervalFor(topic);
    const timeoutMs = Math.min(
      tuning.maxPollTimeoutMs,
      Math.max(tuning.minPollTimeoutMs, intervalMs * tuning.pollTimeoutIntervals),
    );
    const options = { name, topic, intervalMs, timeoutMs, listener: this };
    const source =
      topic.kind === 'account'
        ? this.accounts.source({ ...options, subscribers: () => this.sessionsOf(name) })
        : this.source(options);
    const created: TopicEntry = {
      name,
      topic,
      history: source.history,
      poller: source,
      dispose: () => source.dispose(),
      refresh: source.refresh?.bind(source),
      subs: new Set(),
      warm,
      idleTimer: this.scheduler.task(() => this.drop(created)),
    };
    entry = created;
    this.topics.set(name, entry);
    this.options.metrics.topics.set(this.topics.size);
    return entry;
  }

  /** Polls a topic with or without watchers (the configured warm set). */
  warm(name: string, topic: Topic): void {
    if (this.closed) return;
    this.entry(name, topic, true).poller.start();
  }

  /**
   * Adds a subscription and sends the snapshot (or the missed deltas when `from` resumes inside
   * the buffer). Before the first poll succeeded the snapshot follows when it arrives.
   */
  subscribe(
    conn: Subscriber,
    name: string,
    topic: Topic,
    from?: { epoch: string; seq: number },
  ): Subscription {
    const entry = this.entry(name, topic, false);
    this.scheduler.cancel(entry.idleTimer);
    const log = entry.history.view(conn.version);
    // A market topic's view of this wire version is kept while watched (topic.ts ViewLog).
    log.watch();
    const sub: Subscription = { conn, entry, log, seq: -1, epoch: '' };
    entry.subs.add(sub);
    if (!this.closed) entry.poller.start();
    // The client holds a later state than this node (cluster: the node's reader lags behind the
    // stream): never send it an older one; the source reads on and `onReset` serves the resume.
    const ahead =
      from !== undefined &&
      entry.refresh !== undefined &&
      from.epoch === log.epoch &&
      from.seq > entry.history.seq;
    if (log.hasSnapshot && !ahead) {
      if (from && !conn.lagging) this.resume(sub, from);
      if (sub.seq < 0 && !conn.lagging) this.sendSnapshot(sub);
      if (log.status.stale) this.write(conn, log.statusFrame().buf);
      if (conn.socket.bufferedAmount > this.options.tuning.sendSoftBytes) this.markLagging(conn);
    } else {
      if (from) sub.resumeFrom = from;
      if (ahead) entry.refresh?.();
      // No snapshot and the upstream is failing: say so; the snapshot comes on recovery.
      if (log.status.stale) this.write(conn, log.statusFrame().buf);
    }
    return sub;
  }

  /** Replays the deltas after `from` when the history holds them; false when a snapshot is needed. */
  private resume(sub: Subscription, from: { epoch: string; seq: number }): boolean {
    const log = sub.log;
    if (from.epoch !== log.epoch) return false;
    const missed = log.replay(from.seq);
    if (missed === undefined) return false;
    sub.epoch = log.epoch;
    sub.seq = from.seq;
    for (const d of missed) this.write(sub.conn, d.buf);
    sub.seq = log.seq;
    return true;
  }

  unsubscribe(sub: Subscription): void {
    const { entry } = sub;
    if (entry.subs.delete(sub)) sub.log.unwatch(Date.now());
    if (entry.subs.size > 0 || entry.warm) return;
    entry.poller.stop();
    this.scheduler.after(entry.idleTimer, this.options.tuning.topicIdleMs);
  }

  /** Nobody watched the topic for `topicIdleMs`: its history, poller and frames are freed. */
  private drop(entry: TopicEntry): void {
    if (entry.subs.size > 0 || this.topics.get(entry.name) !== entry) return;
    this.topics.delete(entry.name);
    entry.history.listener = undefined;
    entry.dispose();
    this.options.metrics.topics.set(this.topics.size);
    if (entry.history.status.stale) this.options.metrics.stale.dec();
  }

  /** The connection is gone: forget its lag state (subscriptions are removed one by one). */
  forget(conn: Subscriber): void {
    this.lagging.delete(conn);
  }

  private write(conn: Subscriber, buf: Buffer): void {
    conn.socket.send(buf, this.sendOpts);
    conn.lastSentAt = Date.now();
    this.options.metrics.framesSent.inc();
    this.options.metrics.bytesSent.inc(buf.length);
  }

  private sendSnapshot(sub: Subscription): void {
    const snap = sub.log.snapshot();
    if (snap === undefined) return;
    this.write(sub.conn, snap.buf);
    sub.seq = snap.seq;
    sub.epoch = sub.log.epoch;
  }

  /** Brings a subscription to the latest state: replay, conflated delta or snapshot. */
  private catchUp(sub: Subscription): void {
    const log = sub.log;
    if (!log.hasSnapshot || (sub.seq === log.seq && sub.epoch === log.epoch)) return;
    // A new epoch (cluster: a new leader that could not prove the last state) means a snapshot.
    if (sub.seq < 0 || sub.epoch !== log.epoch) {
      this.sendSnapshot(sub);
      return;
    }
    const missed = log.replay(sub.seq);
    if (missed !== undefined && missed.length === 1) {
      this.write(sub.conn, (missed[0] as EncodedDelta).buf);
      sub.seq = log.seq;
      return;
    }
    const merged = log.conflated(sub.seq, this.options.tuning.mergeMaxRatio);
    if (merged !== undefined) {
      this.write(sub.conn, merged.buf);
      sub.seq = merged.seq;
      this.options.metrics.conflations.inc({ kind: 'merged' });
    } else {
      this.sendSnapshot(sub);
      this.options.metrics.conflations.inc({ kind: 'snapshot' });
    }
  }

  private markLagging(conn: Subscriber): void {
    if (conn.lagging) return;
    conn.lagging = true;
    conn.laggingSince = Date.now();
    this.lagging.add(conn);
    if (this.lagTimer === undefined) {
      this.lagTimer = setInterval(() => this.checkLagging(), this.options.tuning.lagCheckMs);
    }
  }

  /** Lagging sockets: caught up once drained, closed when they stay full. */
  private checkLagging(): void {
    const { tuning } = this.options;
    const now = Date.now();
    for (const conn of this.lagging) {
      if (!conn.open) {
        this.lagging.delete(conn);
        continue;
      }
      const buffered = conn.socket.bufferedAmount;
      if (
        buffered > tuning.sendHardBytes ||
        (buffered > tuning.sendLowBytes && now - conn.laggingSince > tuning.slowCloseMs)
      ) {
        this.lagging.delete(conn);
        this.options.metrics.slowCloses.inc();
        this.options.log.info({ buffered }, 'slow subscriber closed');
        conn.close(CloseCode.tooSlow, 'too slow');
        continue;
      }
      if (buffered > tuning.sendLowBytes) continue;
      conn.lagging = false;
      this.lagging.delete(conn);
      for (const sub of conn.subs.values()) this.catchUpSubscription(sub);
    }
    if (this.lagging.size === 0 && this.lagTimer !== undefined) {
      clearInterval(this.lagTimer);
      this.lagTimer = undefined;
    }
  }

  private catchUpSubscription(sub: Subscription): void {
    if (sub.conn.lagging) return;
    this.catchUp(sub);
    if (sub.conn.socket.bufferedAmount > this.options.tuning.sendSoftBytes) this.markLagging(sub.conn);
  }

  // TopicListener: the history's events, fanned out.

  onFirstSnapshot(log: TopicLog): void {
    const entry = this.topics.get(log.name);
    if (!entry) return;
    for (const sub of entry.subs) {
      if (sub.seq >= 0 || sub.conn.lagging) continue;
      const from = sub.resumeFrom;
      sub.resumeFrom = undefined;
      if (from === undefined || !this.resume(sub, from)) this.sendSnapshot(sub);
      if (sub.conn.socket.bufferedAmount > this.options.tuning.sendSoftBytes) this.markLagging(sub.conn);
    }
  }

  /** The history jumped (cluster: a new epoch, or a reload past a gap): bring everyone up to it. */
  onReset(log: TopicLog): void {
    const entry = this.topics.get(log.name);
    if (!entry) return;
    for (const sub of entry.subs) {
      if (sub.conn.lagging) continue;
      if (sub.seq < 0) {
        const from = sub.resumeFrom;
        sub.resumeFrom = undefined;
        if (from === undefined || !this.resume(sub, from)) this.sendSnapshot(sub);
      } else {
        this.catchUp(sub);
      }
      if (sub.conn.socket.bufferedAmount > this.options.tuning.sendSoftBytes) this.markLagging(sub.conn);
    }
  }

  /** Same state, another epoch name (cluster, Redis down and back): subscribers at it follow on. */
  onRenamed(log: TopicLog, previous: string): void {
    const entry = this.topics.get(log.name);
    if (!entry) return;
    for (const sub of entry.subs) {
      // A lagging socket is caught up later against the history's ring: a snapshot is safer.
      if (sub.seq < 0 || sub.seq !== sub.log.seq || sub.conn.lagging) continue;
      // A wire version's view epoch is the topic's plus its suffix (topic.ts ViewLog).
      const suffix = sub.log.epoch.slice(log.epoch.length);
      if (sub.epoch === previous + suffix) sub.epoch = sub.log.epoch;
    }
  }

  onDelta(log: TopicLog, delta: EncodedDelta): void {
    const entry = this.topics.get(log.name);
    if (!entry) return;
    if ((entry.topic.kind === 'odds' || entry.topic.kind === 'match') && this.accounts.watchingMatches) {
      const ended = endedMatches(delta);
      if (ended.size > 0) this.accounts.matchesEnded(ended);
    } else if (
      (entry.name === 'list/lottery' || entry.name === 'list/numbergame') &&
      this.accounts.size > 0 &&
      delta.ops.some((op) => op[0] === 'recent')
    ) {
      // A draw was drawn (or cancelled): open tickets of it are settled now.
      this.accounts.drawsMoved(entry.name === 'list/lottery' ? 'lottery' : 'numbergame');
    }
    const soft = this.options.tuning.sendSoftBytes;
    // Per wire version (index), once per broadcast, not per socket: its frame, base and epoch.
    const frames: (EncodedDelta | undefined)[] = [];
    const bufs: Buffer[] = [];
    // Each version's whole websocket frame, built once per broadcast (wsFrame.ts): one write per socket.
    const framed: Buffer[] = [];
    const bases: number[] = [];
    const epochs: string[] = [];
    // One clock read per broadcast, not per socket.
    const now = Date.now();
    let sent = 0;
    let bytes = 0;
    for (const sub of entry.subs) {
      const conn = sub.conn;
      if (conn.lagging) continue;
      const v = conn.version;
      let frame = frames[v];
      if (frame === undefined) {
        frame = frameFor(delta, v);
        // This version's view did not change at this seq: nothing to send.
        if (frame === undefined) continue;
        frames[v] = frame;
        bufs[v] = frame.buf;
        framed[v] = textFrame(frame.buf);
        bases[v] = frame.prev ?? frame.seq - 1;
        epochs[v] = sub.log.epoch;
      }
      if (conn.socket.bufferedAmount > soft) {
        this.markLagging(conn);
        continue;
      }
      if (sub.seq === bases[v] && sub.epoch === epochs[v]) {
        const buf = bufs[v] as Buffer;
        sendFramed(conn.socket, buf, framed[v] as Buffer, this.sendOpts);
        conn.lastSentAt = now;
        sub.seq = frame.seq;
        sent++;
        bytes += buf.length;
      } else if (sub.seq >= 0) {
        this.catchUp(sub);
      }
    }
    if (sent > 0) {
      this.options.metrics.framesSent.inc(sent);
      this.options.metrics.bytesSent.inc(bytes);
      this.options.metrics.deliveryLatency?.observe(Math.max(0, now - delta.pt) / 1000);
    }
  }

  onStatus(log: TopicLog, status: EncodedFrame): void {
    this.options.metrics.stale.inc(log.status.stale ? 1 : -1);
    this.options.log.warn({ topic: log.name, stale: log.status.stale }, 'topic status changed');
    const entry = this.topics.get(log.name);
    if (!entry) return;
    for (const sub of entry.subs) {
      if (sub.conn.open) this.write(sub.conn, status.buf);
    }
  }

  /** Stops every poller (graceful shutdown: no new data while clients are told to go). */
  stop(): void {
    this.closed = true;
    for (const entry of this.topics.values()) {
      entry.poller.stop(true);
      this.scheduler.cancel(entry.idleTimer);
    }
    if (this.lagTimer) clearInterval(this.lagTimer);
    this.lagTimer = undefined;
    this.lagging.clear();
  }
}

/**
 * Matches a market topic's delta shows ending: removed from the topic, or their status set to
 * completed (1) or cancelled (2) (protocol refusals.ts `matchEnded`). A match leaving a list for
 * another (today to live) reads as an end too: the account polls once more, nothing worse.
 */
export function endedMatches(delta: Pick<EncodedDelta, 'ops'>): Set<number> {
  const ended = new Set<number>();
  for (const op of delta.ops) {
    if (op[0] !== 'match' || typeof op[1] !== 'string') continue;
    if (op.length === 2) ended.add(Number(op[1]));
    else if (op.length === 3) {
      const status = (op[2] as { status?: unknown }).status;
      if (status === 1 || status === 2) ended.add(Number(op[1]));
    }
  }
  return ended;
}
