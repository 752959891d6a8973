/**
 * The odds feed (gateway/FEED.md): shared pollers per topic, histories for resume, the websocket
 * hub at `/ws`, session checks, and the feed's metrics. Graceful shutdown stops the pollers and
 * closes every socket with 1012 (app.ts's websocket preClose calls `app.feed.shutdown()`).
 */
import { CloseCode, parseTopic, type Topic } from '@sportsbook/protocol';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { GatewayPluginOptions } from '../app.ts';
import type { GatewayConfig } from '../config.ts';
import { Connection } from './connection.ts';
import { TopicGate } from './gate.ts';
import { Hub } from './hub.ts';
import { SocketLimits } from './limits.ts';
import { Recovery } from './recovery.ts';
import { SessionChecker } from './sessions.ts';
import { sweep } from './sweep.ts';
import { type FeedTuning, feedTuning } from './tuning.ts';

export interface Feed {
  readonly hub: Hub;
  readonly sessions: SessionChecker;
  readonly tuning: FeedTuning;
  /** Authenticated connections. */
  readonly connections: ReadonlySet<Connection>;
  /** Re-checks every open connection's session now (one upstream call per distinct session). */
  recheckSessions(): Promise<void>;
  /** Stops polling and closes every socket with 1012 (idempotent). */
  shutdown(): void;
  /**
   * This account placed a bet, joined a room or cashed out (the proxy): its `account/<id>` topic
   * polls now, on this node and, through Redis, on every other (FEED.md "Account topic").
   */
  nudgeAccount(accountId: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    feed: Feed;
  }
}

/** Poll factor of the tournament topics (`rooms`, `room/<id>`) unless groupFactors.rooms says. */
export const DefaultRoomsPollFactor = 3;

/**
 * Poll factor of the shared lists (`list/...`) unless groupFactors.lists says: one poll every 3 s
 * for every watcher (draws close on a countdown the page ticks locally; a list's rows change at
 * most every few seconds), against one call every 2-5 s per player and tab if each page polled.
 */
export const DefaultListPollFactor = 3;
/** The marquee and announcements change when the operator posts: one poll every 30 s. */
export const DefaultTextListPollFactor = 30;

/** Poll interval of a topic: the base interval times the factor of its kind or group. */
export function topicInterval(
  config: Pick<GatewayConfig, 'pollIntervalMs' | 'groupFactors'>,
  topic: Topic,
): number {
  const f = config.groupFactors;
  if (topic.kind === 'list') {
    const factor =
      'language' in topic ? (f.textLists ?? DefaultTextListPollFactor) : (f.lists ?? DefaultListPollFactor);
    return config.pollIntervalMs * factor;
  }
  const factor =
    topic.kind === 'odds'
      ? f[topic.group]
      : topic.kind === 'menu'
        ? f.menu
        : topic.kind === 'match' || topic.kind === 'radar'
          ? f.match
          : (f.rooms ?? DefaultRoomsPollFactor);
  return config.pollIntervalMs * factor;
}

export const feedPlugin = fp<GatewayPluginOptions>(
  async (app, { config }) => {
    const tuning = feedTuning(config.feed);
    const log = app.log.child({ component: 'feed' });
    const registers = [app.metrics];
    const connectionsGauge = new Gauge({
      name: 'gateway_ws_connections',
      help: 'Authenticated websocket connections',
      registers,
    });
    const metrics = {
      polls: new Counter({
        name: 'gateway_topic_polls_total',
        help: 'Upstream odds polls, by topic kind and outcome',
        labelNames: ['topic_kind', 'outcome'] as const,
        registers,
      }),
      framesSent: new Counter({
        name: 'gateway_frames_sent_total',
        help: 'Websocket frames written',
        registers,
      }),
      bytesSent: new Counter({
        name: 'gateway_bytes_sent_total',
        help: 'Websocket payload bytes written',
        registers,
      }),
      conflations: new Counter({
        name: 'gateway_conflations_total',
        help: 'Slow-subscriber catch-ups, by kind (merged delta or snapshot)',
        labelNames: ['kind'] as const,
        registers,
      }),
      slowCloses: new Counter({
        name: 'gateway_slow_closes_total',
        help: 'Subscribers closed with 4413 for staying too slow',
        registers,
      }),
      stale: new Gauge({ name: 'gateway_topic_stale', help: 'Topics currently stale', registers }),
      topics: new Gauge({ name: 'gateway_topics', help: 'Topics with a history on this node', registers }),
      deliveryLatency: new Histogram({
        name: 'gateway_delivery_latency_seconds',
        help: "From a delta's upstream poll to its fan-out on this node (cluster followers: through Redis)",
        buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
        registers,
      }),
    };
    const refusals = new Counter({
      name: 'gateway_ws_refusals_total',
      help: 'Sockets (4429) and subscriptions (err) refused by a cap or the topic gate, by reason',
      labelNames: ['reason'] as const,
      registers,
    });
    const topicChecks = new Counter({
      name: 'gateway_topic_checks_total',
      help: 'Upstream checks of match ids not in any snapshot held, by outcome (known, unknown, failed)',
      labelNames: ['outcome'] as const,
      registers,
    });
    const pingTimeouts = new Counter({
      name: 'gateway_ws_ping_timeouts_total',
      help: 'Sockets terminated after unanswered websocket pings (dead or half-open)',
      registers,
    });
    const cluster = app.hasDecorator('cluster') ? app.cluster : null;
    const hub = new Hub({
      tuning,
      intervalFor: (topic) => topicInterval(config, topic),
      upstream: app.upstream,
      log,
      metrics,
      recorder: app.hasDecorator('recorder') ? app.recorder : null,
      // Many nodes (gateway/CLUSTER.md): histories replicated through Redis, one leader polls.
      ...(cluster
        ? {
            source: cluster.source({
              upstream: app.upstream,
              polls: metrics.polls,
              recorder: app.hasDecorator('recorder') ? app.recorder : null,
              bounds: { maxCount: tuning.ringMaxCount, maxAgeMs: tuning.ringMaxAgeMs },
              maxBackoffMs: tuning.maxBackoffMs,
              // The leader's pollers of this node: one prober per call, woken on recovery.
              recovery: new Recovery(),
            }),
          }
        : {}),
    });
    const sessions = new SessionChecker({
      upstream: app.upstream,
      ...(cluster ? { shared: cluster.sessions } : {}),
      log,
      cacheMs: tuning.sessionCacheMs,
      negativeCacheMs: tuning.sessionNegativeCacheMs,
      timeoutMs: tuning.sessionCheckTimeoutMs,
    });
    const registry = new Set<Connection>();
    const pending = new Set<Connection>();
    const limits = new SocketLimits(tuning, (reason) => refusals.inc({ reason }));
    // Many nodes: the socket caps hold across the cluster (cluster/caps.ts), per node while Redis is down.
    if (cluster) limits.share(cluster.caps(limits));
    const gate = new TopicGate({
      tuning,
      held: hub,
      upstream: app.upstream,
      onRefusal: (reason) => refusals.inc({ reason }),
      onCheck: (outcome) => topicChecks.inc({ outcome }),
    });

    async function recheckSessions(): Promise<void> {
      const bySession = new Map<string, Connection[]>();
      for (const conn of registry) {
        const k = `${conn.accountId}\u0000${conn.sessionToken}`;
        const list = bySession.get(k);
        if (list) list.push(conn);
        else bySession.set(k, [conn]);
      }
      const groups = [...bySession.values()];
      // A few checks at a time: a node with many players must not burst the upstream.
      for (let i = 0; i < groups.length; i += tuning.sessionCheckConcurrency) {
        await Promise.all(
          groups.slice(i, i + tuning.sessionCheckConcurrency).map(async (conns) => {
            const first = conns[0] as Connection;
            const verdict = await sessions.check(first.accountId, first.sessionToken, true);
            if (verdict !== 'invalid') return;
            log.info({ accountId: first.accountId, sockets: conns.length }, 'session ended; closing sockets');
            for (const conn of conns) conn.close(CloseCode.badSession, 'session expired');
          }),
        );
      }
    }

    let recheckRunning = false;
    const recheckTimer = setInterval(() => {
      if (recheckRunning) return;
      recheckRunning = true;
      recheckSessions()
        .catch((err: unknown) => log.error({ err }, 'session recheck failed'))
        .finally(() => {
          recheckRunning = false;
        });
    }, tuning.sessionRecheckMs);

    // One sweep for every connection instead of a timer each: a heartbeat goes only to sockets
    // that were sent nothing for (heartbeat - sweep) ms, so an idle client hears something at
    // least every `heartbeatMs`, and a client receiving deltas costs no heartbeat frames at all.
    // Both sweeps run in slices (sweep.ts): with 10,000 idle sockets one heartbeat sweep writes
    // ~2,000 frames, which in one go would hold every poll and broadcast of the node behind it.
    // A sweep still running when the next is due is not started twice.
    const sweepMs = Math.max(10, Math.floor(config.heartbeatMs / 5));
    let heartbeats = false;
    const heartbeatTimer = setInterval(() => {
      if (heartbeats) return;
      heartbeats = true;
      const now = Date.now();
      const idleMs = config.heartbeatMs - sweepMs;
      sweep(registry, (conn) => conn.heartbeatIfIdle(now, idleMs))
        .catch((err: unknown) => log.error({ err }, 'heartbeat sweep failed'))
        .finally(() => {
          heartbeats = false;
        });
    }, sweepMs);

    // Dead peers: one sweep pings the sockets we heard nothing from for `pingIntervalMs` and
    // terminates those that left `pingMissesBeforeClose` pings unanswered.
    const pingSweepMs = Math.max(10, Math.floor(tuning.pingIntervalMs / 4));
    let pinging = false;
    const pingTimer = setInterval(() => {
      if (pinging) return;
      pinging = true;
      const now = Date.now();
      const ping = (conn: Connection) => {
        if (conn.pingIfQuiet(now, tuning.pingIntervalMs, tuning.pingMissesBeforeClose)) pingTimeouts.inc();
      };
      // A terminated socket leaves the set as it is visited: safe for a Set.
      sweep(registry, ping)
        .then(() => sweep(pending, ping))
        .catch((err: unknown) => log.error({ err }, 'ping sweep failed'))
        .finally(() => {
          pinging = false;
        });
    }, pingSweepMs);

    let shut = false;
    function shutdown(): void {
      if (shut) return;
      shut = true;
      clearInterval(recheckTimer);
      clearInterval(heartbeatTimer);
      clearInterval(pingTimer);
      hub.stop();
      for (const conn of [...registry, ...pending]) conn.close(CloseCode.serviceRestart, 'service restart');
      // A client that never answers the close handshake must not hold the process for ws's 30 s.
      const cut = setTimeout(() => {
        for (const socket of app.websocketServer.clients) socket.terminate();
      }, tuning.closeGraceMs);
      cut.unref();
    }

    app.decorate('feed', {
      hub,
      sessions,
      tuning,
      connections: registry,
      recheckSessions,
      shutdown,
      nudgeAccount: (accountId: string) => {
        hub.accounts.nudge(accountId);
        cluster?.nudges.publish(accountId);
      },
    } satisfies Feed);

    // Nudges from the other nodes' proxies (account topics are node-local, CLUSTER.md).
    if (cluster) {
      cluster.nudges
        .listen((accountId) => hub.accounts.nudge(accountId))
        .catch((err: unknown) => log.warn({ err }, 'account nudges not heard'));
    }

    for (const name of config.warmTopics) {
      const topic = parseTopic(name);
      if (topic.ok) hub.warm(name, topic.value);
      else log.warn({ topic: name, reason: topic.error }, 'warm topic ignored');
    }

    app.get('/ws', { websocket: true }, (socket, request) => {
      if (shut) {
        socket.close(CloseCode.serviceRestart, 'service restart');
        return;
      }
      const ip = request.ip;
      if (!limits.openIp(ip)) {
        socket.close(CloseCode.tooManyRequests, 'too many sockets from this address');
        return;
      }
      socket.once('close', () => limits.closeIp(ip));
      const conn: Connection = new Connection(
        socket,
        {
          hub,
          sessions,
          limits,
          ip,
          gate,
          tuning,
          heartbeatMs: config.heartbeatMs,
          registry,
          onOpen: () => {
            pending.delete(conn);
            connectionsGauge.inc();
          },
          onClose: () => connectionsGauge.dec(),
        },
        request.log,
      );
      pending.add(conn);
      socket.once('close', () => pending.delete(conn));
    });

    app.addHook('onClose', async () => shutdown());
  },
  { name: 'feed', dependencies: ['metrics', 'upstream'] },
);
