/**
 * A node's membership in the cluster (gateway/CLUSTER.md): two Redis connections (commands, and
 * one blocking stream reader), the topics this node follows, and the proxy's and feed's shared
 * stores. Redis going away marks every followed topic stale on this node; its return reloads
 * each from the stream.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { SharedSourceOptions, TopicSourceFactory } from '../feed/source.ts';
import { StreamReader } from './bus.ts';
import { SharedCaps } from './caps.ts';
import { AccountNudges } from './nudges.ts';
import { closeRedis, connectRedis, RedisHealth, type RedisTarget } from './redis.ts';
import { RedisIdempotencyStore, RedisLockStore, RedisSessionCache } from './stores.ts';
import {
  type ClusterContext,
  ClusterDefaults,
  ClusterTopic,
  type ClusterTopicOptions,
  type ClusterTuning,
  type LocalPolling,
} from './topic.ts';

export interface ClusterOptions {
  /** A `redis://` URL or a Sentinel group (redis.ts `connectRedis`). */
  url: RedisTarget;
  nodeId: string;
  log: FastifyBaseLogger;
  tuning?: Partial<ClusterTuning>;
  idempotencyWindowMs: number;
  registry?: Registry;
}

export class Cluster {
  readonly redis: Redis;
  readonly health: RedisHealth;
  readonly reader: StreamReader;
  readonly tuning: ClusterTuning;
  readonly topics = new Set<ClusterTopic>();
  readonly locks: RedisLockStore;
  readonly idempotency: RedisIdempotencyStore;
  readonly sessions: RedisSessionCache;
  /** Account topics are node-local: a bet through one node wakes the account's topic on the others. */
  readonly nudges: AccountNudges;
  private sharedCaps: SharedCaps | undefined;
  private readonly readerConn: Redis;
  private readonly leaderTopics: Gauge;
  /** Topics this node polls on its own while Redis is down (topic.ts `Fork`). */
  private readonly localTopics = new Set<string>();
  private readonly context: ClusterContext;
  private closed = false;

  constructor(private readonly options: ClusterOptions) {
    this.tuning = { ...ClusterDefaults, ...options.tuning };
    this.redis = connectRedis(options.url, { name: `${options.nodeId}:cmd`, commandTimeoutMs: 5000 });
    this.readerConn = connectRedis(options.url, { name: `${options.nodeId}:read`, queueWhileDown: true });
    this.health = new RedisHealth(this.redis);
    const registers = options.registry ? [options.registry] : [];
    this.leaderTopics = new Gauge({
      name: 'gateway_cluster_leader_topics',
      help: 'Topics this node polls as their leader',
      registers,
    });
    const health = this.health;
    new Gauge({
      name: 'gateway_cluster_redis_up',
      help: 'Redis reachable by this node (1) or not (0)',
      registers,
      collect() {
        this.set(health.state === 'up' ? 1 : 0);
      },
    });
    const log = options.log;
    const localTopics = this.localTopics;
    const localGauge = new Gauge({
      name: 'gateway_cluster_local_topics',
      help: 'Topics this node polls on its own because Redis is down (no leader): one poll per topic per interval per node',
      registers,
      collect() {
        this.set(localTopics.size);
      },
    });
    const localPolls = new Counter({
      name: 'gateway_cluster_local_polls_total',
      help: 'Upstream calls of topics polled on their own while Redis is down',
      registers,
    });
    const localMax = this.tuning.localMaxTopics;
    let refusedLogged = false;
    const local: LocalPolling = {
      acquire: (topic) => {
        if (localTopics.has(topic)) return true;
        if (localTopics.size >= localMax) {
          if (!refusedLogged)
            log.warn({ max: localMax }, 'redis down: local polling budget spent, further topics stay stale');
          refusedLogged = true;
          return false;
        }
        localTopics.add(topic);
        localGauge.set(localTopics.size);
        return true;
      },
      release: (topic) => {
        localTopics.delete(topic);
        localGauge.set(localTopics.size);
        if (localTopics.size === 0) refusedLogged = false;
      },
      polled: () => localPolls.inc(),
    };
    this.reader = new StreamReader(this.readerConn, this.redis, {
      blockMs: this.tuning.readBlockMs,
      count: 256,
      onReconnect: () => {
        for (const topic of this.topics) topic.redisRecovered();
      },
      onError: (err) => log.warn({ err }, 'cluster stream read failed'),
    });
    this.health.on('change', (state) => {
      if (this.closed) return;
      const at = Date.now();
      log.warn({ redis: state }, 'cluster redis connection changed');
      for (const topic of this.topics) {
        if (state === 'down') topic.redisLost(at);
        else topic.redisRecovered();
      }
      if (state === 'down') {
        log.warn(
          { localTopics: this.localTopics.size, max: localMax },
          'redis down: this node polls the topics its clients watch itself (one poll per topic per interval per node) until Redis is back',
        );
      }
      // Counts changed while Redis was away are written now (socket caps across nodes).
      if (state === 'up') this.sharedCaps?.refresh();
    });
    this.context = {
      redis: this.redis,
      reader: this.reader,
      nodeId: options.nodeId,
      tuning: this.tuning,
      log,
      redisUp: () => this.health.state === 'up',
      local,
    };
    this.locks = new RedisLockStore(this.redis);
    this.idempotency = new RedisIdempotencyStore(this.redis, options.url, {
      windowMs: options.idempotencyWindowMs,
      nodeId: options.nodeId,
    });
    this.sessions = new RedisSessionCache(this.redis);
    this.nudges = new AccountNudges(this.redis, options.url, options.nodeId, log);
    this.reader.start();
  }

  get nodeId(): string {
    return this.options.nodeId;
  }

  /** What this node serves without (readiness, app.ts `/readyz`): `redis` while Redis is down. */
  get degraded(): string[] {
    return this.health.state === 'up' ? [] : ['redis'];
  }

  /** How many topics this node polls on its own right now (Redis down). */
  get localTopicCount(): number {
    return this.localTopics.size;
  }

  /** Waits until the command connection is ready (startup; tests). */
  ready(timeoutMs = 10_000): Promise<void> {
    return this.health.ready(timeoutMs);
  }

  /** The hub's `TopicSource` factory (feed/source.ts): a `ClusterTopic` per topic. */
  source(shared: SharedSourceOptions): TopicSourceFactory {
    return (options) => {
      const topic = this.topic({
        name: options.name,
        topic: options.topic,
        intervalMs: options.intervalMs,
        pollTimeoutMs: options.timeoutMs,
        maxBackoffMs: shared.maxBackoffMs,
        bounds: shared.bounds,
        upstream: shared.upstream,
        polls: shared.polls,
        recorder: shared.recorder ?? null,
        recovery: shared.recovery ?? null,
        onLeadership: (leading) => this.leaderTopics.inc(leading ? 1 : -1),
      });
      topic.history.listener = options.listener;
      return topic;
    };
  }

  /**
   * The socket caps across the cluster (caps.ts) over this node's own counts (feed/limits.ts);
   * one per node, closed with the cluster.
   */
  caps(counts: { countOf(key: string): number; keys(): Iterable<string> }): SharedCaps {
    this.sharedCaps ??= new SharedCaps({
      redis: this.redis,
      nodeId: this.options.nodeId,
      up: () => this.health.state === 'up',
      ttlMs: this.tuning.capsTtlMs,
      refreshMs: this.tuning.capsRefreshMs,
      countOf: (key) => counts.countOf(key),
      keys: () => counts.keys(),
      onError: (err) => this.options.log.warn({ err }, 'socket cap counts not written'),
    });
    return this.sharedCaps;
  }

  topic(options: ClusterTopicOptions): ClusterTopic {
    const topic = new ClusterTopic(this.context, options);
    this.topics.add(topic);
    const dispose = topic.dispose.bind(topic);
    topic.dispose = () => {
      this.topics.delete(topic);
      dispose();
    };
    return topic;
  }

  /** Releases every lease (another node takes over at once), stops reading, closes connections. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const topic of [...this.topics]) topic.dispose();
    await this.sharedCaps?.close();
    await this.idempotency.close();
    await this.nudges.close();
    await this.reader.stop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await closeRedis(this.readerConn);
    await closeRedis(this.redis);
  }
}
