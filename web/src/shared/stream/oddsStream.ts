/**
 * The odds stream: one websocket per tab to the gateway's `/ws` (protocol/WIRE.md), as an RxJS
 * pipeline. `socket$` opens a socket, says hello and emits validated server frames; it errors when
 * the socket closes or goes silent for longer than the heartbeat allows. `retry` reopens it after a
 * jittered backoff (never after a bad session), and every welcome resubscribes the topics in use
 * with their `{epoch, seq}`, so the gateway replays what was missed. Each topic's frames go through
 * topicState.ts: a gap resumes, a hash mismatch asks for a fresh snapshot.
 *
 * Topics are reference counted: `topic(name)` subscribes on the gateway when its first observer
 * arrives and unsubscribes when the last one leaves, so views that come and go drive sub/unsub.
 */
import {
  type ClientFrame,
  CloseCode,
  decodeServerFrame,
  encodeClientFrame,
  type Model,
  PROTOCOL_VERSION,
  type ServerFrame,
  WireDefaults,
} from '@sportsbook/protocol';
import { BehaviorSubject, defer, distinctUntilChanged, map, Observable, type Subscription } from 'rxjs';
import { type BackoffOptions, DefaultBackoff, retryWithBackoff } from './backoff.ts';
import {
  heartbeatGap,
  initialTopicState,
  type Reduced,
  type Resync,
  reduceDelta,
  reduceSnap,
  reduceStatus,
  reduceVerify,
  resumePoint,
  type TopicState,
  type TopicView,
  verifyPending,
} from './topicState.ts';

/** The part of the browser's WebSocket the stream uses (the `ws` package's class fits too). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface Credentials {
  account_id: string;
  session_token: string;
}

export const ConnectionStatus = {
  connecting: 'connecting',
  live: 'live',
  reconnecting: 'reconnecting',
  /** The gateway refused the session (4401): no retry until `reconnect()` with new credentials. */
  unauthorized: 'unauthorized',
  closed: 'closed',
} as const;
export type ConnectionStatus = (typeof ConnectionStatus)[keyof typeof ConnectionStatus];

export interface ConnectionInfo {
  readonly status: ConnectionStatus;
  /** Failed attempts since the last welcome. */
  readonly attempt: number;
  /** Close code of the last lost socket (4000: our heartbeat gap). */
  readonly lastClose: number | null;
  /** Gateway node of the current socket. */
  readonly node: string | null;
}

/** What the connection indicator shows. */
export type Indicator = 'live' | 'reconnecting' | 'stale';

export interface StreamStats {
  connects: number;
  snapshots: number;
  deltas: number;
  gaps: number;
  hashMismatches: number;
  heartbeatGaps: number;
}

export interface OddsStreamOptions {
  /** ws(s)://host/ws */
  url: string;
  /** The browser's WebSocket, or `ws`'s in Node tests. */
  WebSocket: WebSocketConstructor;
  /** Read at every (re)connect; null closes the attempt as unauthorized. */
  credentials: () => Credentials | null;
  backoff?: BackoffOptions;
  /** Source of jitter (0 <= r < 1); Math.random by default. */
  random?: () => number;
  /**
   * No frame at all for `heartbeat x factor` ms (the gateway sends `hb` every `welcome.hb` ms):
   * the socket is dead even if the OS has not noticed; close it and reconnect. Default 2.5.
   */
  heartbeatGapFactor?: number;
  /** Called with dropped frames and other oddities; silent by default. */
  onWarning?: (info: { reason: string; detail?: unknown }) => void;
  /**
   * Runs a snapshot's own hash check after the snapshot is shown (topicState.ts `reduceVerify`):
   * by default when the browser is idle (within 2 s), or in a later task where there is no
   * `requestIdleCallback`.
   */
  later?: (run: () => void) => void;
}

const whenIdle = (run: () => void): void => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 0);
};

/** Our close code for a socket we drop because it went silent (4000-4999 are application codes). */
export const HeartbeatGapClose = 4000;

class SocketClosed extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(`socket closed ${code} ${reason}`);
  }
}

interface Entry {
  state: TopicState;
  readonly view$: BehaviorSubject<TopicView>;
  refs: number;
}

export interface OddsStream {
  readonly connection$: Observable<ConnectionInfo>;
  readonly connection: ConnectionInfo;
  /** live / reconnecting / stale (some watched topic is stale). */
  readonly indicator$: Observable<Indicator>;
  /** The topic's views; subscribing watches the topic, unsubscribing the last observer unwatches it. */
  topic<M extends Model = Model>(name: string): Observable<TopicView<M>>;
  /** The current view of a watched topic (undefined when nobody watches it). */
  peek<M extends Model = Model>(name: string): TopicView<M> | undefined;
  readonly stats: Readonly<StreamStats>;
  /** Drop the current socket and connect again now (e.g. after a session refresh). */
  reconnect(): void;
  close(): void;
}

export function createOddsStream(options: OddsStreamOptions): OddsStream {
  const backoff = options.backoff ?? DefaultBackoff;
  const random = options.random ?? Math.random;
  const gapFactor = options.heartbeatGapFactor ?? 2.5;
  const warn = options.onWarning ?? (() => {});
  const later = options.later ?? whenIdle;
  const entries = new Map<string, Entry>();
  const stats: StreamStats = {
    connects: 0,
    snapshots: 0,
    deltas: 0,
    gaps: 0,
    hashMismatches: 0,
    heartbeatGaps: 0,
  };
  const connection$ = new BehaviorSubject<ConnectionInfo>({
    status: 'connecting',
    attempt: 0,
    lastClose: null,
    node: null,
  });
  const staleTopics$ = new BehaviorSubject<ReadonlySet<string>>(new Set());
  /** The socket after its welcome; frames are only sent on it. */
  let live: WebSocketLike | null = null;
  let nextId = 1;
  let closed = false;

  const setConnection = (patch: Partial<ConnectionInfo>) =>
    connection$.next({ ...connection$.value, ...patch });

  const send = (frame: ClientFrame) => {
    if (live !== null && live.readyState === 1) live.send(encodeClientFrame(frame));
  };

  /** Request ids of `sub` frames in flight, to tie an `err` to its topic. */
  const pendingSubs = new Map<number, string>();

  const subscribe = (entry: Entry) => {
    const from = resumePoint(entry.state);
    const id = nextId++;
    const topic = entry.state.view.topic;
    pendingSubs.set(id, topic);
    send({ op: 'sub', id, topic, ...(from ? { from } : {}) });
  };

  const publish = (entry: Entry, state: TopicState) => {
    if (state === entry.state) return;
    const wasStale = entry.state.view.stale;
    entry.state = state;
    entry.view$.next(state.view);
    if (wasStale !== state.view.stale) refreshStale();
  };

  const refreshStale = () => {
    const stale = new Set<string>();
    for (const [name, entry] of entries) if (entry.state.view.stale) stale.add(name);
    staleTopics$.next(stale);
  };

  const resync = (entry: Entry, reason: Resync) => {
    if (reason === 'gap') stats.gaps++;
    else stats.hashMismatches++;
    warn({
      reason: `resync ${reason}`,
      detail: { topic: entry.state.view.topic, seq: entry.state.view.seq },
    });
    const topic = entry.state.view.topic;
    // The gateway refuses a second `sub` of a watched topic: leave it, then come back.
    send({ op: 'unsub', id: nextId++, topic });
    subscribe(entry);
  };

  const onReduced = (entry: Entry, reduced: Reduced) => {
    publish(entry, reduced.state);
    if (reduced.resync) resync(entry, reduced.resync);
  };

  const handleFrame = (frame: ServerFrame) => {
    switch (frame.t) {
      case 'welcome': {
        stats.connects++;
        pendingSubs.clear();
        setConnection({ status: 'live', attempt: 0, node: frame.node });
        for (const entry of entries.values()) {
          // The server's stale flag is resent after a (re)subscription when it still holds.
          publish(entry, { ...entry.state, view: { ...entry.state.view, stale: false, staleSince: null } });
          subscribe(entry);
        }
        return;
      }
      case 'snap': {
        const entry = entries.get(frame.topic);
        if (!entry) return;
        stats.snapshots++;
        onReduced(entry, reduceSnap(entry.state, frame));
        if (verifyPending(entry.state))
          later(() => {
            // Verifies the topic's hasher of now (a later snapshot's too); none when it was left.
            if (entries.get(frame.topic) === entry) onReduced(entry, reduceVerify(entry.state));
          });
        return;
      }
      case 'delta': {
        const entry = entries.get(frame.topic);
        if (!entry) return;
        stats.deltas++;
        onReduced(entry, reduceDelta(entry.state, frame));
        return;
      }
      case 'status': {
        const entry = entries.get(frame.topic);
        if (entry) publish(entry, reduceStatus(entry.state, frame));
        return;
      }
      case 'hb': {
        for (const entry of entries.values()) {
          if (heartbeatGap(entry.state, frame.seqs[entry.state.view.topic])) {
            stats.heartbeatGaps++;
            onReduced(entry, {
              state: { ...entry.state, view: { ...entry.state.view, resyncing: true } },
              resync: 'gap',
            });
          }
        }
        return;
      }
      case 'ack':
        pendingSubs.delete(frame.id);
        return;
      case 'err': {
        const topic = frame.id === undefined ? undefined : pendingSubs.get(frame.id);
        if (frame.id !== undefined) pendingSubs.delete(frame.id);
        warn({ reason: `err ${frame.code}`, detail: frame });
        if (frame.code === 'alreadySubscribed' || frame.code === 'notSubscribed') return;
        const entry = topic === undefined ? undefined : entries.get(topic);
        if (entry) publish(entry, { ...entry.state, view: { ...entry.state.view, error: frame.code } });
        return;
      }
    }
  };

  /** One socket's life: hello, frames, and an error when it closes or falls silent. */
  const socket$ = defer(
    () =>
      new Observable<ServerFrame>((subscriber) => {
        const ws = new options.WebSocket(options.url);
        let silence: ReturnType<typeof setTimeout> | undefined;
        let heartbeatMs: number = WireDefaults.heartbeatMs;
        const fail = (code: number, reason: string) => subscriber.error(new SocketClosed(code, reason));
        const armSilence = (ms: number) => {
          clearTimeout(silence);
          silence = setTimeout(() => {
            stats.heartbeatGaps++;
            ws.close(HeartbeatGapClose, 'heartbeat gap');
            // Do not wait for the closing handshake: a dead network may never complete it.
            fail(HeartbeatGapClose, 'heartbeat gap');
          }, ms);
        };
        ws.onopen = () => {
          const credentials = options.credentials();
          if (credentials === null) {
            fail(CloseCode.badSession, 'no session');
            return;
          }
          ws.send(encodeClientFrame({ op: 'hello', v: PROTOCOL_VERSION, ...credentials }));
          armSilence(WireDefaults.helloTimeoutMs + heartbeatMs);
        };
        ws.onmessage = (event) => {
          if (typeof event.data !== 'string') {
            warn({ reason: 'binary frame' });
            return;
          }
          const parsed = decodeServerFrame(event.data);
          if (!parsed.ok) {
            warn({ reason: 'bad frame', detail: parsed.error });
            return;
          }
          const frame = parsed.value;
          if (frame.t === 'welcome') {
            heartbeatMs = frame.hb > 0 ? frame.hb : heartbeatMs;
            live = ws;
          }
          armSilence(heartbeatMs * gapFactor);
          subscriber.next(frame);
        };
        ws.onclose = (event) => fail(event.code, event.reason);
        // An error is always followed by close; the close carries the code.
        ws.onerror = () => {};
        return () => {
          clearTimeout(silence);
          ws.onopen = null;
          ws.onmessage = null;
          ws.onclose = null;
          if (live === ws) live = null;
          pendingSubs.clear();
          if (ws.readyState === 0 || ws.readyState === 1) ws.close(1000, 'client done');
        };
      }),
  );

  const frames$ = socket$.pipe(
    // A welcome (the first value of a socket) resets the attempt count.
    retryWithBackoff({
      backoff,
      random,
      choose: (error, attempt) => {
        const code = error instanceof SocketClosed ? error.code : null;
        if (closed) return 'stop';
        if (code === CloseCode.badSession) {
          setConnection({ status: 'unauthorized', attempt, lastClose: code, node: null });
          return 'stop';
        }
        setConnection({ status: 'reconnecting', attempt, lastClose: code, node: null });
        // A restarting node asks to come back at once (to any node); still jitter a little.
        return code === CloseCode.serviceRestart ? 'soon' : 'backoff';
      },
    }),
  );

  let running: Subscription | null = null;
  const start = () => {
    running = frames$.subscribe({
      next: handleFrame,
      error: (error: unknown) => warn({ reason: 'stream failed', detail: error }),
    });
  };
  start();

  const indicator$ = new Observable<Indicator>((subscriber) => {
    const emit = () => {
      const status = connection$.value.status;
      subscriber.next(status === 'live' ? (staleTopics$.value.size > 0 ? 'stale' : 'live') : 'reconnecting');
    };
    const a = connection$.subscribe(emit);
    const b = staleTopics$.subscribe(emit);
    return () => {
      a.unsubscribe();
      b.unsubscribe();
    };
  }).pipe(distinctUntilChanged());

  const acquire = (name: string): Entry => {
    let entry = entries.get(name);
    if (!entry) {
      const state = initialTopicState(name);
      entry = { state, view$: new BehaviorSubject<TopicView>(state.view), refs: 0 };
      entries.set(name, entry);
      subscribe(entry);
    }
    entry.refs++;
    return entry;
  };

  const release = (name: string) => {
    const entry = entries.get(name);
    if (!entry) return;
    entry.refs--;
    if (entry.refs > 0) return;
    entries.delete(name);
    entry.view$.complete();
    send({ op: 'unsub', id: nextId++, topic: name });
    if (entry.state.view.stale) refreshStale();
  };

  return {
    connection$: connection$.asObservable(),
    get connection() {
      return connection$.value;
    },
    indicator$,
    topic<M extends Model = Model>(name: string): Observable<TopicView<M>> {
      return new Observable<TopicView>((subscriber) => {
        const entry = acquire(name);
        const inner = entry.view$.subscribe(subscriber);
        return () => {
          inner.unsubscribe();
          release(name);
        };
      }).pipe(map((view) => view as TopicView<M>));
    },
    peek<M extends Model = Model>(name: string) {
      return entries.get(name)?.state.view as TopicView<M> | undefined;
    },
    stats,
    reconnect() {
      if (closed) return;
      running?.unsubscribe();
      setConnection({ status: 'connecting', attempt: 0, node: null });
      start();
    },
    close() {
      closed = true;
      running?.unsubscribe();
      running = null;
      setConnection({ status: 'closed', node: null });
      for (const entry of entries.values()) entry.view$.complete();
      entries.clear();
    },
  };
}
