/**
 * One websocket connection: the state object with one idempotent `teardown()` (STYLE.md). The
 * listeners are attached synchronously in the constructor so no frame is lost; the hello deadline,
 * the heartbeat frame and the rate limit live here; subscriptions are served by the hub. The
 * heartbeat goes only to connections that were sent nothing lately (`heartbeatIfIdle`, driven by
 * one sweep for all connections in plugin.ts): a client receiving deltas needs no other sign of life.
 * The other way round, a socket we heard nothing from (no frame, no pong) for `pingIntervalMs` is
 * sent a websocket ping by the same kind of sweep (`pingIfQuiet`) and terminated after
 * `pingMissesBeforeClose` unanswered ones: a half-open socket does not stay registered.
 * Caps (limits.ts, gate.ts): sockets per session and account at the welcome (4429), new topics by
 * the node's topic gate (`err tooManyTopics`, `unknownTopic`, `topicUnavailable`).
 */
import {
  type ClientFrame,
  CloseCode,
  decodeClientFrame,
  encodeServerFrame,
  parseTopic,
  type ServerFrame,
  type Topic,
  type WireErrorCode,
  type WireVersion,
  WireVersions,
} from '@sportsbook/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, WebSocket } from 'ws';
import { TokenBucket } from './bucket.ts';
import type { GateVerdict, TopicGate } from './gate.ts';
import type { Hub, Subscriber, Subscription } from './hub.ts';
import type { Refusal, SocketLimits } from './limits.ts';
import type { SessionChecker } from './sessions.ts';
import type { FeedTuning } from './tuning.ts';

export interface ConnectionDeps {
  hub: Hub;
  sessions: SessionChecker;
  limits: SocketLimits;
  /** The client's address (counted across the cluster at the welcome: limits.ts). */
  ip?: string;
  gate: TopicGate;
  tuning: FeedTuning;
  heartbeatMs: number;
  /** Authenticated connections (session re-checks, shutdown). */
  registry: Set<Connection>;
  onOpen(): void;
  onClose(): void;
}

type State = 'hello' | 'checking' | 'open' | 'closed';

/** Frames a client may pipeline behind its hello while the session is being checked. */
const MAX_QUEUED = 32;

function rawLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((n, b) => n + b.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

export class Connection implements Subscriber {
  lagging = false;
  laggingSince = 0;
  /** When a frame was last written to this socket (ms): the heartbeat goes only to idle ones. */
  lastSentAt = Date.now();
  /** When a frame or a pong was last received (ms): the ping goes only to quiet sockets. */
  lastHeardAt = Date.now();
  private lastPingAt = 0;
  private missedPings = 0;
  readonly subs = new Map<string, Subscription>();
  /** The wire version of the hello (1 or 2): which view of a topic this connection is served. */
  version: WireVersion = 1;
  accountId = '';
  sessionToken = '';
  private state: State = 'hello';
  private queued: string[] = [];
  private helloTimer: NodeJS.Timeout | undefined;
  private readonly frames: TokenBucket;
  private excess = 0;
  private counted = false;
  /** Subscriptions waiting for the topic gate (an unknown match id being checked): name to request id. */
  private readonly pendingSubs = new Map<string, number>();

  constructor(
    readonly socket: WebSocket,
    private readonly deps: ConnectionDeps,
    private readonly log: FastifyBaseLogger,
  ) {
    this.frames = new TokenBucket(deps.tuning.framesPerSecond, deps.tuning.frameBurst, Date.now());
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('pong', () => this.heard());
    socket.on('close', () => this.teardown());
    socket.on('error', (err) => {
      this.log.debug({ err }, 'websocket error');
      this.teardown();
    });
    this.helloTimer = setTimeout(
      () => this.close(CloseCode.helloTimeout, 'no hello'),
      deps.tuning.helloTimeoutMs,
    );
  }

  get open(): boolean {
    return this.state !== 'closed' && this.socket.readyState === WebSocket.OPEN;
  }

  get authenticated(): boolean {
    return this.state === 'open';
  }

  /** Closes with a code and tears down at once (no more writes, no timers). */
  close(code: number, reason: string): void {
    if (this.state === 'closed') return;
    this.teardown();
    if (this.socket.readyState === WebSocket.OPEN || this.socket.readyState === WebSocket.CONNECTING) {
      this.socket.close(code, reason);
      // A peer that does not answer the close (a stuck reader) is cut instead of held for ws's 30 s,
      // which also frees what is still buffered for it.
      const socket = this.socket;
      setTimeout(() => {
        if (socket.readyState !== WebSocket.CLOSED) socket.terminate();
      }, this.deps.tuning.closeGraceMs).unref();
    }
  }

  /** Idempotent: clears every timer and subscription. */
  teardown(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    if (this.helloTimer) clearTimeout(this.helloTimer);
    this.helloTimer = undefined;
    this.queued = [];
    this.pendingSubs.clear();
    for (const sub of this.subs.values()) this.deps.hub.unsubscribe(sub);
    this.subs.clear();
    this.deps.hub.forget(this);
    this.deps.registry.delete(this);
    if (this.counted) {
      this.deps.limits.closeSession(this.accountId, this.sessionToken);
      this.deps.onClose();
    }
    this.counted = false;
  }

  private heard(): void {
    this.lastHeardAt = Date.now();
    this.missedPings = 0;
  }

  /**
   * Called by plugin.ts's sweep: a socket heard nothing from for `intervalMs` since the last ping
   * (or ever) is pinged; one that let `misses` pings go unanswered is terminated (true: count it).
   */
  pingIfQuiet(now: number, intervalMs: number, misses: number): boolean {
    if (this.state === 'closed' || this.socket.readyState !== WebSocket.OPEN) return false;
    if (now - this.lastHeardAt < intervalMs || now - this.lastPingAt < intervalMs) return false;
    if (this.missedPings >= misses) {
      this.log.debug({ missed: this.missedPings }, 'websocket did not answer pings; terminated');
      this.teardown();
      this.socket.terminate();
      return true;
    }
    this.missedPings += 1;
    this.lastPingAt = now;
    this.socket.ping();
    return false;
  }

  private send(frame: ServerFrame): void {
    if (this.socket.readyState !== WebSocket.OPEN) return;
    this.socket.send(encodeServerFrame(frame));
    this.lastSentAt = Date.now();
  }

  private err(code: WireErrorCode, message: string, id?: number): void {
    this.send(id === undefined ? { t: 'err', code, message } : { t: 'err', id, code, message });
  }

  /** Token bucket; false when the frame is over the limit (answered, or the socket closed). */
  private admit(): boolean {
    const { framesPerSecond, rateExcessBeforeClose } = this.deps.tuning;
    const now = Date.now();
    // A frame taken from a full bucket ends a run of excess frames.
    const rested = this.frames.full(now);
    if (this.frames.take(now)) {
      if (rested) this.excess = 0;
      return true;
    }
    this.excess += 1;
    if (this.excess > rateExcessBeforeClose) this.close(CloseCode.tooManyRequests, 'too many frames');
    else this.err('tooManyRequests', `over ${framesPerSecond} frames per second`);
    return false;
  }

  private onMessage(data: RawData, isBinary: boolean): void {
    if (this.state === 'closed') return;
    this.heard();
    if (rawLength(data) > this.deps.tuning.maxClientFrameBytes) {
      this.close(CloseCode.frameTooLarge, 'frame too large');
      return;
    }
    if (!this.admit()) return;
    if (isBinary) {
      this.err('badFrame', 'frames are JSON text');
      return;
    }
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString()
      : Buffer.from(data as Buffer).toString();
    if (this.state === 'checking') {
      if (this.queued.length >= MAX_QUEUED)
        this.close(CloseCode.tooManyRequests, 'too many frames before welcome');
      else this.queued.push(text);
      return;
    }
    this.handle(text);
  }

  private handle(text: string): void {
    const parsed = decodeClientFrame(text);
    if (!parsed.ok) {
      this.err('badFrame', parsed.error);
      return;
    }
    const frame: ClientFrame = parsed.value;
    try {
      if (frame.op === 'hello') {
        this.hello(frame.v, frame.account_id, frame.session_token);
        return;
      }
      if (this.state !== 'open') {
        this.err('notAuthenticated', 'send hello first', frame.id);
        return;
      }
      if (frame.op === 'ping') this.send({ t: 'ack', id: frame.id });
      else if (frame.op === 'sub') this.subscribe(frame.id, frame.topic, frame.from);
      else this.unsubscribe(frame.id, frame.topic);
    } catch (err) {
      this.log.error({ err }, 'websocket frame failed');
      this.close(CloseCode.internalError, 'internal error');
    }
  }

  private hello(v: number, accountId: string, token: string): void {
    if (this.state !== 'hello') {
      this.err('alreadyAuthenticated', 'hello was already received');
      return;
    }
    if (!(WireVersions as readonly number[]).includes(v)) {
      this.err('unsupportedVersion', `this server speaks v${WireVersions.join(' and v')}`);
      return;
    }
    this.version = v as WireVersion;
    this.state = 'checking';
    this.deps.sessions.check(accountId, token).then(
      (verdict) => {
        if (this.state !== 'checking') return;
        if (verdict === 'invalid') {
          this.close(CloseCode.badSession, 'bad session');
          return;
        }
        if (verdict === 'unknown') {
          // The upstream cannot tell: ask the client to come back rather than let anyone in.
          this.close(CloseCode.internalError, 'session check unavailable');
          return;
        }
        this.welcome(accountId, token);
      },
      (err: unknown) => {
        this.log.error({ err }, 'session check threw');
        this.close(CloseCode.internalError, 'internal error');
      },
    );
  }

  private welcome(accountId: string, token: string): void {
    if (this.helloTimer) clearTimeout(this.helloTimer);
    this.helloTimer = undefined;
    const verdict = this.deps.limits.openSession(accountId, token, this.deps.ip);
    if (verdict instanceof Promise) {
      // The cluster is asked (cluster/caps.ts); the socket is reserved on this node meanwhile.
      verdict.then(
        (refusal) => {
          if (this.state === 'checking') this.opened(accountId, token, refusal);
          else if (refusal === undefined) this.deps.limits.closeSession(accountId, token);
        },
        (err: unknown) => {
          this.log.error({ err }, 'socket cap check threw');
          this.deps.limits.closeSession(accountId, token);
          this.close(CloseCode.internalError, 'internal error');
        },
      );
      return;
    }
    this.opened(accountId, token, verdict);
  }

  private opened(accountId: string, token: string, refusal: Refusal | undefined): void {
    if (refusal !== undefined) {
      const what =
        refusal === 'sockets_per_session'
          ? 'this session'
          : refusal === 'sockets_per_ip'
            ? 'this address'
            : 'this account';
      this.close(CloseCode.tooManyRequests, `too many sockets for ${what}`);
      return;
    }
    this.state = 'open';
    this.accountId = accountId;
    this.sessionToken = token;
    this.deps.registry.add(this);
    this.counted = true;
    this.deps.onOpen();
    this.send({ t: 'welcome', node: this.deps.tuning.nodeId, hb: this.deps.heartbeatMs });
    const queued = this.queued;
    this.queued = [];
    for (const text of queued) {
      if (this.state !== 'open') break;
      this.handle(text);
    }
  }

  /**
   * Sends `hb` when nothing was written to the socket for `idleMs` (plugin.ts's sweep passes the
   * heartbeat interval minus its own period, so no open connection stays silent longer than `hb`).
   * The frame is built per connection, but only for the idle ones: at most one per `hb` ms each.
   */
  heartbeatIfIdle(now: number, idleMs: number): void {
    if (this.state !== 'open' || now - this.lastSentAt < idleMs) return;
    // A lagging client would read seqs it has not got yet and resubscribe for nothing.
    if (this.lagging) return;
    const seqs: Record<string, number> = {};
    for (const [name, sub] of this.subs) if (sub.seq >= 0) seqs[name] = sub.seq;
    this.send({ t: 'hb', ts: now, seqs });
  }

  private subscribe(id: number, name: string, from: { epoch: string; seq: number } | undefined): void {
    const topic = parseTopic(name);
    if (!topic.ok) {
      this.err('badTopic', topic.error, id);
      return;
    }
    if (this.subs.has(name) || this.pendingSubs.has(name)) {
      this.err('alreadySubscribed', `already watching ${name}`, id);
      return;
    }
    if (this.subs.size + this.pendingSubs.size >= this.deps.tuning.maxTopicsPerConnection) {
      this.err('tooManyTopics', `at most ${this.deps.tuning.maxTopicsPerConnection} topics`, id);
      return;
    }
    const verdict = this.deps.gate.admit(name, topic.value, {
      accountId: this.accountId,
      sessionToken: this.sessionToken,
    });
    if (typeof verdict === 'string') {
      this.admitted(id, name, verdict, topic.value, from);
      return;
    }
    this.pendingSubs.set(name, id);
    verdict
      .then((v) => {
        // Closed, or unsubscribed (or resubscribed) while the id was checked: nothing to answer.
        if (this.state !== 'open' || this.pendingSubs.get(name) !== id) return;
        this.pendingSubs.delete(name);
        // The node may have filled up while the upstream answered.
        this.admitted(id, name, v === 'ok' ? this.deps.gate.recheckRoom(name) : v, topic.value, from);
      })
      .catch((err: unknown) => {
        this.log.error({ err }, 'topic check failed');
        this.close(CloseCode.internalError, 'internal error');
      });
  }

  private admitted(
    id: number,
    name: string,
    verdict: GateVerdict,
    topic: Topic,
    from: { epoch: string; seq: number } | undefined,
  ): void {
    switch (verdict) {
      case 'ok':
        this.send({ t: 'ack', id });
        this.subs.set(name, this.deps.hub.subscribe(this, name, topic, from));
        return;
      case 'topics_per_node':
        this.err(
          'tooManyTopics',
          `this server watches at most ${this.deps.tuning.maxTopicsPerNode} topics`,
          id,
        );
        return;
      case 'unknown_topic':
        this.err('unknownTopic', `${name} does not exist`, id);
        return;
      case 'forbidden_topic':
        this.err('forbiddenTopic', `${name} is another account's stream`, id);
        return;
      case 'topic_checks':
        this.err('topicUnavailable', `too many new topics being checked; retry ${name} later`, id);
        return;
      case 'unavailable':
        this.err('topicUnavailable', `cannot check ${name} now; retry later`, id);
        return;
    }
  }

  private unsubscribe(id: number, name: string): void {
    if (this.pendingSubs.delete(name)) {
      this.send({ t: 'ack', id });
      return;
    }
    const sub = this.subs.get(name);
    if (!sub) {
      this.err('notSubscribed', `not watching ${name}`, id);
      return;
    }
    this.subs.delete(name);
    this.deps.hub.unsubscribe(sub);
    this.send({ t: 'ack', id });
  }
}
