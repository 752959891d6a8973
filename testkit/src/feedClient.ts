/**
 * A small wire-protocol v1 client over `ws` for tests and benchmarks: keeps
 * `model = applyDelta(model, ops)` per topic, checks the state hash on every frame (incremental
 * hasher) and the seq chain, and lets a test await a condition on its state, event by event.
 */
import {
  type ClientFrame,
  createHasher,
  decodeServerFrame,
  encodeClientFrame,
  type Model,
  type ServerFrame,
  type StateHasher,
} from '@sportsbook/protocol';
import WebSocket from 'ws';

export interface TopicState {
  epoch: string;
  seq: number;
  hash: string;
  model: Model;
  hasher: StateHasher;
  snaps: number;
  deltas: number;
  /** Deltas that carried `prev` (a slow subscriber's merged catch-up). */
  conflated: number;
  /** Every delta seq received, in order (tests check nothing was skipped). */
  seqs: number[];
  stale: boolean;
  lastPt: number;
}

export interface ClientOptions {
  /** Loopback source address (benchmarks spread sockets over 127.0.0.x). */
  localAddress?: string;
  /** Check hashes (default true); a benchmark may switch it off to measure the gateway only. */
  verify?: boolean;
  /** The wire version the hello asks for (default 1; protocol WIRE.md "Versions"). */
  version?: number;
}

export class FeedTestClient {
  readonly topics = new Map<string, TopicState>();
  readonly frames: ServerFrame[] = [];
  /** Hash mismatches, seq gaps, unparsable frames: a correct run leaves this empty. */
  readonly problems: string[] = [];
  closed: { code: number; reason: string } | undefined;
  welcome: Extract<ServerFrame, { t: 'welcome' }> | undefined;
  private nextId = 1;
  private waiters = new Set<() => void>();
  private keepFrames = true;

  private constructor(
    readonly ws: WebSocket,
    private readonly verify: boolean,
    readonly version: number,
  ) {
    ws.on('message', (data) => this.onFrame(data.toString()));
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.notify();
    });
    ws.on('error', () => {});
  }

  static connect(url: string, options: ClientOptions = {}): Promise<FeedTestClient> {
    const ws = new WebSocket(url, options.localAddress ? { localAddress: options.localAddress } : {});
    const client = new FeedTestClient(ws, options.verify ?? true, options.version ?? 1);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
    });
  }

  /**
   * Connects through the gateway app's `injectWS` (no socket, nothing listening): for tests of one
   * connection's protocol and timers, which can then run on fake timers.
   */
  static async inject(
    app: { injectWS(path: string): Promise<WebSocket> },
    options: Pick<ClientOptions, 'verify' | 'version'> = {},
  ): Promise<FeedTestClient> {
    const ws = await app.injectWS('/ws');
    // An injected client is made without ws's automatic pong; a browser's (and `connect`'s) answers
    // every ping, so this one does too (a test pauses it to play a dead peer).
    ws.on('ping', (data) => ws.pong(data));
    return new FeedTestClient(ws, options.verify ?? true, options.version ?? 1);
  }

  /** Takes over a topic's state from an earlier connection, to resume with `from`. */
  adopt(topic: string, state: TopicState): { epoch: string; seq: number } {
    this.topics.set(topic, {
      ...state,
      seqs: [],
      snaps: 0,
      deltas: 0,
      conflated: 0,
      hasher: createHasher(state.model),
    });
    return { epoch: state.epoch, seq: state.seq };
  }

  /** Stop keeping every frame (long runs). */
  forgetFrames(): void {
    this.keepFrames = false;
    this.frames.length = 0;
  }

  send(frame: ClientFrame | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(frame));
  }

  sendRaw(text: string): void {
    this.ws.send(text);
  }

  /** Sends hello and waits for welcome (or a close, which rejects). */
  async hello(accountId: string, token: string, timeoutMs = 5000): Promise<void> {
    this.send({ op: 'hello', v: this.version, account_id: accountId, session_token: token });
    await this.until(() => this.welcome !== undefined, timeoutMs, 'welcome');
  }

  /** Subscribes; resolves with the request id once acknowledged. */
  async sub(topic: string, from?: { epoch: string; seq: number }, timeoutMs = 5000): Promise<number> {
    const id = this.nextId++;
    this.send(encodeClientFrameObject({ op: 'sub', id, topic, ...(from ? { from } : {}) }));
    await this.until(() => this.acked(id), timeoutMs, `ack of sub ${topic}`);
    return id;
  }

  async unsub(topic: string, timeoutMs = 5000): Promise<void> {
    const id = this.nextId++;
    this.send({ op: 'unsub', id, topic });
    await this.until(() => this.acked(id), timeoutMs, `ack of unsub ${topic}`);
  }

  private acked(id: number): boolean {
    return this.frames.some((f) => (f.t === 'ack' || f.t === 'err') && f.id === id);
  }

  /** Resolves when `predicate` holds (checked now and after every frame or close). */
  until(predicate: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
    if (predicate()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        let ok = false;
        try {
          ok = predicate();
        } catch (err) {
          cleanup();
          reject(err);
          return;
        }
        if (ok) {
          cleanup();
          resolve();
        } else if (this.closed) {
          cleanup();
          reject(new Error(`closed (${this.closed.code} ${this.closed.reason}) while waiting for ${what}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
    });
  }

  /** Resolves with the close code (the server closes). */
  async closedWith(timeoutMs = 5000): Promise<number> {
    await this.until(() => this.closed !== undefined, timeoutMs, 'close').catch((err: Error) => {
      if (!this.closed) throw err;
    });
    return (this.closed as { code: number }).code;
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }

  private notify(): void {
    for (const w of [...this.waiters]) w();
  }

  private onFrame(text: string): void {
    const parsed = decodeServerFrame(text);
    if (!parsed.ok) {
      this.problems.push(`unparsable frame: ${parsed.error}`);
      this.notify();
      return;
    }
    const frame = parsed.value;
    if (this.keepFrames || frame.t === 'ack' || frame.t === 'err') this.frames.push(frame);
    switch (frame.t) {
      case 'welcome':
        this.welcome = frame;
        break;
      case 'snap': {
        const model = frame.data as Model;
        const hasher = createHasher(model);
        if (this.verify && hasher.value !== frame.hash) {
          this.problems.push(`${frame.topic}: snapshot hash ${hasher.value} != ${frame.hash}`);
        }
        const prev = this.topics.get(frame.topic);
        this.topics.set(frame.topic, {
          epoch: frame.epoch,
          seq: frame.seq,
          hash: frame.hash,
          model,
          hasher,
          snaps: (prev?.snaps ?? 0) + 1,
          deltas: prev?.deltas ?? 0,
          conflated: prev?.conflated ?? 0,
          seqs: prev?.seqs ?? [],
          stale: prev?.stale ?? false,
          lastPt: frame.pt,
        });
        break;
      }
      case 'delta': {
        const state = this.topics.get(frame.topic);
        if (!state) {
          this.problems.push(`${frame.topic}: delta ${frame.seq} before any snapshot`);
          break;
        }
        const base = frame.prev ?? frame.seq - 1;
        if (base !== state.seq)
          this.problems.push(`${frame.topic}: delta base ${base} after seq ${state.seq}`);
        if (this.verify) {
          state.model = state.hasher.apply(frame.ops);
          if (state.hasher.value !== frame.hash) {
            this.problems.push(
              `${frame.topic}: hash ${state.hasher.value} != ${frame.hash} at seq ${frame.seq}`,
            );
          }
        }
        state.seq = frame.seq;
        state.hash = frame.hash;
        state.deltas += 1;
        if (frame.prev !== undefined) state.conflated += 1;
        state.seqs.push(frame.seq);
        state.lastPt = frame.pt;
        break;
      }
      case 'status': {
        const state = this.topics.get(frame.topic);
        if (state) state.stale = frame.stale;
        this.staleByTopic.set(frame.topic, frame.stale);
        break;
      }
      default:
        break;
    }
    this.notify();
  }

  /** The last `status` per topic (also before any snapshot). */
  readonly staleByTopic = new Map<string, boolean>();

  /** Frames of one type (tests). */
  framesOf<T extends ServerFrame['t']>(t: T): Extract<ServerFrame, { t: T }>[] {
    return this.frames.filter((f): f is Extract<ServerFrame, { t: T }> => f.t === t);
  }
}

function encodeClientFrameObject(frame: ClientFrame): ClientFrame {
  // Round-trips through the encoder so the test speaks exactly the wire format.
  return JSON.parse(encodeClientFrame(frame)) as ClientFrame;
}

/** Logs in to the upstream (the simulator's demo account by default) and returns the session. */
export async function login(
  upstreamUrl: string,
  accountId = 'demo01',
  password = 'demo1234',
): Promise<{ accountId: string; token: string }> {
  const res = await fetch(`${upstreamUrl}/authlogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account_id: accountId, password }),
  });
  const body = (await res.json()) as { member_profile?: { player_info?: { session_token?: string }[] } };
  const token = body.member_profile?.player_info?.[0]?.session_token;
  if (typeof token !== 'string')
    throw new Error(`login of ${accountId} failed: ${JSON.stringify(body).slice(0, 200)}`);
  return { accountId, token };
}
