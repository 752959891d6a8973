/**
 * The private account topic `account/<account_id>` (gateway/FEED.md "Account topic"): one
 * poll loop per account on this node, however many of its sockets and tabs watch, made with the
 * session of one of those sockets (never anyone else's), normalized by protocol's accountFeed.ts and
 * published through a `TopicHistory` like every other topic (snapshot, deltas, hash, resume).
 *
 * - Interval: `accountQuickMs` while a bet of the account waits for its live decision or within
 *   `accountQuickForMs` of a nudge, `accountSlowMs` otherwise. A nudge (`AccountStreams.nudge`: the
 *   proxy after this account placed a bet, joined a room or cashed out; `matchesEnded`: the odds
 *   feed saw a match of one of its open bets end; `drawsMoved`: a 4D or number-game draw of the
 *   shared lists was drawn while it holds open tickets) polls at once (or right after the poll in flight).
 * - Node-local, also with Redis (CLUSTER.md "Account topics"): the session token never leaves the
 *   node that received it; each node polls for its own sockets of the account, and the account's
 *   model is never written to Redis.
 * - A session the upstream refuses (HTTP 401/403 on any call): its sockets are closed with 4401 as
 *   the feed does, and the next poll uses another subscriber's session, if any.
 */
import { createHash } from 'node:crypto';
import {
  AccountListPageSize,
  type AccountModel,
  type AccountReplies,
  type AccountTopicCall,
  cashOutCandidate,
  hasWaitingBet,
  isOkStatus,
  isRecord,
  type Model,
  normalizeAccount,
  openBetMatchIds,
  type PlacedBet,
  topicCallPath,
} from '@sportsbook/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Counter } from 'prom-client';
import type { UpstreamClient, UpstreamReply } from '../plugins/upstream.ts';
import { type Scheduler, sharedScheduler, type Task } from './scheduler.ts';
import { phaseOf, slotAfter } from './slots.ts';
import type { TopicSource, TopicSourceOptions } from './source.ts';
import { type RingBounds, TopicHistory } from './topic.ts';
import type { FeedTuning } from './tuning.ts';

/** A subscriber's session, as its socket's hello gave it (feed/connection.ts). */
export interface AccountCredentials {
  readonly accountId: string;
  readonly sessionToken: string;
}

export interface AccountStreamsOptions {
  upstream: Pick<UpstreamClient, 'post'>;
  log: FastifyBaseLogger;
  polls: Counter<'topic_kind' | 'outcome'>;
  tuning: Pick<
    FeedTuning,
    | 'accountQuickMs'
    | 'accountSlowMs'
    | 'accountQuickForMs'
    | 'accountCashOutQuotes'
    | 'accountCashOutRefreshMs'
    | 'maxBackoffMs'
    | 'minPollTimeoutMs'
    | 'maxPollTimeoutMs'
  >;
  bounds: RingBounds;
  /** The upstream refused this session: close its sockets on this topic with 4401. */
  onInvalidSession(topicName: string, token: string): void;
  now?: () => number;
  /** The node's one timer for every topic (scheduler.ts); the process's shared one when absent. */
  scheduler?: Scheduler;
}

/** What the account needs beyond its session: from one `userprofile` per session. */
interface Profile {
  parentId: string | number;
  operatorType: number;
  lottery: boolean;
  miniGame: boolean;
}

class SessionRefused extends Error {}

/** What is kept of a call's last reply: enough to tell the next one is byte-identical. */
interface ReplyDigest {
  readonly httpStatus: number;
  readonly digest: string;
}

/** A digest of a reply's bytes (SHA-1: native, ~1 µs per KB; 28 characters kept). */
function digestOf(bytes: Buffer): string {
  return createHash('sha1').update(bytes).digest('base64');
}

/** JSON.parse of a reply's bytes as fetch's `text()` decodes them (a byte order mark dropped). */
function parseBytes(bytes: Buffer): unknown {
  const text = bytes.toString('utf8');
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/** A reply with the last one's bytes: parsed only if a model is made of it. */
class UnchangedReply {
  private value: unknown;
  private parsed = false;
  constructor(private readonly bytes: Buffer) {}
  get body(): unknown {
    if (!this.parsed) {
      this.value = parseBytes(this.bytes);
      this.parsed = true;
    }
    return this.value;
  }
}

/** The replies with every unchanged one parsed (a poll where something changed). */
function bodies(replies: AccountReplies): AccountReplies {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(replies)) out[k] = v instanceof UnchangedReply ? v.body : v;
  return out as unknown as AccountReplies;
}

const flag = (v: unknown) => v === true || v === 1 || v === '1';

/** Every account topic this node serves, by topic name. */
export class AccountStreams {
  private readonly streams = new Map<string, AccountStream>();
  /** Account topics created on this node: the next one's slow-poll phase (slots.ts). */
  private created = 0;

  constructor(private readonly options: AccountStreamsOptions) {}

  /** The hub's source for `account/<id>` topics (hub.ts). */
  source(options: TopicSourceOptions & { subscribers: () => Iterable<AccountCredentials> }): TopicSource {
    const stream = new AccountStream(
      this.options,
      options,
      () => this.streams.delete(options.name),
      phaseOf(this.created++),
    );
    this.streams.set(options.name, stream);
    return stream;
  }

  /** This account placed a bet, joined a room or cashed out: poll its topic now, then quickly. */
  nudge(accountId: string): void {
    this.streams.get(`account/${accountId.trim().toLowerCase()}`)?.nudge();
  }

  /** The odds feed saw these matches end: poll the accounts with open bets on them. */
  matchesEnded(matchIds: ReadonlySet<number>): void {
    for (const stream of this.streams.values()) stream.matchesEnded(matchIds);
  }

  /** A 4D or number-game draw moved (its shared list's `recent` draws): poll the accounts holding open tickets. */
  drawsMoved(product: 'lottery' | 'numbergame'): void {
    for (const stream of this.streams.values()) stream.drawsMoved(product);
  }

  /** Whether any account topic has open bets whose matches to watch (hub.ts skips the scan otherwise). */
  get watchingMatches(): boolean {
    for (const stream of this.streams.values()) if (stream.openMatches.size > 0) return true;
    return false;
  }

  get size(): number {
    return this.streams.size;
  }
}

class AccountStream implements TopicSource {
  readonly history: TopicHistory;
  private running = false;
  private disposed = false;
  /** The next poll: a task of the node's one scheduler (scheduler.ts), not a timer of its own. */
  private readonly timer: Task;
  private readonly scheduler: Scheduler;
  private inFlight: AbortController | undefined;
  /** A nudge while a poll runs: poll again as soon as it ends. */
  private again = false;
  private lastStart = Number.NEGATIVE_INFINITY;
  private quickUntil = 0;
  private failures = 0;
  private model: AccountModel | undefined;
  /** Match ids of the open bets' unsettled legs (a match end nudges). */
  openMatches: ReadonlySet<number> = new Set();
  private readonly profiles = new Map<string, Profile>();
  /** The last cash-out replies by bet id, and when every offer was last asked. */
  private quotes = new Map<string, unknown>();
  private quotedAt = Number.NEGATIVE_INFINITY;
  /**
   * Each call's last reply (by path, and bet id for a quote) as its HTTP status and a digest of its
   * bytes, not its text or parsed body (kilobytes per account, 10,000 accounts on a node): a poll
   * whose every reply has the same digest costs the digests and nothing else (no parse, no
   * normalize, no diff, no publish). A reply that did not change in a poll where another did is
   * parsed again from its bytes for the model.
   */
  private lastReplies = new Map<string, ReplyDigest>();
  private nextReplies = new Map<string, ReplyDigest>();
  private repliesChanged = false;
  /** The cash-out candidates of the last `bet/betacceptlist` reply (unchanged reply: the same). */
  private lastCandidates: PlacedBet[] = [];
  /** Polls whose replies were all byte-identical to the last ones (tests). */
  unchangedPolls = 0;
  private readonly now: () => number;

  constructor(
    private readonly options: AccountStreamsOptions,
    private readonly topic: TopicSourceOptions & { subscribers: () => Iterable<AccountCredentials> },
    private readonly forget: () => void,
    /** Where in the slow interval this topic's slow polls fall (slots.ts): polls spread over it. */
    private readonly phase = 0,
  ) {
    this.now = options.now ?? Date.now;
    this.history = new TopicHistory(topic.name, options.bounds);
    this.history.listener = topic.listener;
    this.scheduler = options.scheduler ?? sharedScheduler();
    this.timer = this.scheduler.task(() => void this.poll());
  }

  /** The current interval: quick while a bet waits or just after a nudge, slow otherwise. */
  get intervalMs(): number {
    const { accountQuickMs, accountSlowMs } = this.options.tuning;
    const quick = this.now() < this.quickUntil || (this.model !== undefined && hasWaitingBet(this.model));
    return quick ? accountQuickMs : accountSlowMs;
  }

  start(): void {
    if (this.running || this.disposed) return;
    this.running = true;
    // A topic new on this node polls at once; a watcher coming back waits out the interval.
    if (this.inFlight === undefined)
      this.schedule(Math.max(0, this.lastStart + this.intervalMs - this.now()));
  }

  stop(abort = false): void {
    this.running = false;
    this.again = false;
    this.scheduler.cancel(this.timer);
    if (abort) this.inFlight?.abort();
  }

  dispose(): void {
    this.stop(true);
    this.disposed = true;
    this.history.listener = undefined;
    this.forget();
  }

  nudge(): void {
    this.quickUntil = this.now() + this.options.tuning.accountQuickForMs;
    if (!this.running) return;
    if (this.inFlight !== undefined) this.again = true;
    else this.schedule(0);
  }

  matchesEnded(ids: ReadonlySet<number>): void {
    for (const id of ids) {
      if (this.openMatches.has(id)) {
        this.nudge();
        return;
      }
    }
  }

  drawsMoved(product: 'lottery' | 'numbergame'): void {
    const tickets = this.model?.[product];
    if (tickets !== undefined && Object.keys(tickets).length > 0) this.nudge();
  }

  private schedule(delayMs: number): void {
    this.scheduler.after(this.timer, delayMs);
  }

  /** The session to poll with: the latest subscriber's (any will do: they are all this account's). */
  private credentials(): AccountCredentials | undefined {
    let last: AccountCredentials | undefined;
    for (const c of this.topic.subscribers()) if (c.sessionToken !== '') last = c;
    return last;
  }

  private async call(
    path: string,
    body: Record<string, unknown>,
    who: AccountCredentials,
    signal: AbortSignal,
    /** A reply the model is made of (the profile, asked once per session, is not). */
    part = true,
  ): Promise<unknown> {
    const reply = await this.callReply(path, body, who, signal, part);
    return reply instanceof UnchangedReply ? reply.body : reply;
  }

  /** `call`, with a reply whose bytes are the last ones' as `UnchangedReply` (parsed only if read). */
  private async callReply(
    path: string,
    body: Record<string, unknown>,
    who: AccountCredentials,
    signal: AbortSignal,
    part = true,
  ): Promise<unknown> {
    const timeoutMs = Math.min(
      this.options.tuning.maxPollTimeoutMs,
      Math.max(this.options.tuning.minPollTimeoutMs, this.options.tuning.accountQuickMs * 3),
    );
    const key = typeof body.bet_id === 'string' ? `${path} ${body.bet_id}` : path;
    const previous = part ? this.lastReplies.get(key) : undefined;
    let digest = '';
    let same = false;
    const parse = (bytes: Buffer): unknown => {
      digest = digestOf(bytes);
      same = previous !== undefined && previous.digest === digest;
      return same ? new UnchangedReply(bytes) : parseBytes(bytes);
    };
    const res: UpstreamReply = await this.options.upstream.post(
      path,
      { account_id: who.accountId, session_token: who.sessionToken, ...body },
      { timeoutMs, signal, ...(part ? { parse } : {}) },
    );
    // The catalogue answers the session codes with 401 (a blocked account 403): logged out.
    if (res.httpStatus === 401 || res.httpStatus === 403) throw new SessionRefused(path);
    if (!part) return res.body;
    const unchanged = same && previous?.httpStatus === res.httpStatus;
    if (!unchanged) this.repliesChanged = true;
    this.nextReplies.set(key, { httpStatus: res.httpStatus, digest });
    if (res.body instanceof UnchangedReply) return unchanged ? res.body : res.body.body;
    return res.body;
  }

  /** A cash-out quote not asked again this poll: its last reply stands (and counts as unchanged). */
  private reuse(path: string, betId: string): unknown {
    const last = this.lastReplies.get(`${path} ${betId}`);
    if (last !== undefined) this.nextReplies.set(`${path} ${betId}`, last);
    return this.quotes.get(betId);
  }

  private async profile(who: AccountCredentials, signal: AbortSignal): Promise<Profile> {
    const known = this.profiles.get(who.sessionToken);
    if (known !== undefined) return known;
    const body = await this.call('/userprofile', {}, who, signal, false);
    const info =
      isRecord(body) && isRecord(body.member_profile) ? body.member_profile.player_info : undefined;
    const first = Array.isArray(info) ? (info[0] as unknown) : undefined;
    if (!isRecord(body) || !isOkStatus(body.status) || !isRecord(first)) {
      throw new Error(`userprofile: status ${String(isRecord(body) ? body.statusdesc : body)}`);
    }
    const profile: Profile = {
      parentId: typeof first.parent_id === 'number' ? first.parent_id : String(first.parent_id ?? ''),
      operatorType: typeof first.operator_type === 'number' ? first.operator_type : 1,
      lottery: !flag(first.lottery_disabled),
      miniGame: !flag(first.mini_game_disabled),
    };
    this.profiles.set(who.sessionToken, profile);
    return profile;
  }

  /** One account poll: every call of protocol's `topicCalls` plus a cash-out quote per candidate. */
  private async replies(who: AccountCredentials, signal: AbortSignal): Promise<AccountReplies> {
    const profile = await this.profile(who, signal);
    const paged = { page_size: AccountListPageSize };
    const call = (c: AccountTopicCall, extra: Record<string, unknown> = {}) =>
      this.call(topicCallPath(c), { ...c.body, ...extra }, who, signal);
    const balanceCall = profile.operatorType === 2 ? 'vuserbalance' : 'userbalance';
    const reply = (c: AccountTopicCall, extra: Record<string, unknown> = {}) =>
      this.callReply(topicCallPath(c), { ...c.body, ...extra }, who, signal);
    const [balance, running, waiting, rejected, unread, lottery, numbergame] = await Promise.all([
      reply({ call: balanceCall, body: {} }, { parent_id: profile.parentId }),
      reply({ call: 'bet/betacceptlist', body: paged }),
      reply({ call: 'bet/pendingbetlist', body: paged }),
      reply({ call: 'bet/betrejectlist', body: paged }),
      reply({ call: 'personalunread', body: {} }),
      profile.lottery ? reply({ call: 'lottery/betlist', body: paged }) : Promise.resolve(undefined),
      profile.miniGame ? reply({ call: 'ngbetlist', body: paged }) : Promise.resolve(undefined),
    ]);
    let candidates = this.lastCandidates;
    if (!(running instanceof UnchangedReply)) {
      const items = (isRecord(running) && isRecord(running.data) ? running.data.items : undefined) as
        | PlacedBet[]
        | undefined;
      candidates = (Array.isArray(items) ? items : [])
        .filter((b) => isRecord(b) && typeof b.bet_id === 'string' && cashOutCandidate(b))
        .slice(0, this.options.tuning.accountCashOutQuotes);
    }
    this.lastCandidates = candidates;
    // Every offer again at most every `accountCashOutRefreshMs`; in between only new bets are quoted.
    const now = this.now();
    const all = now - this.quotedAt >= this.options.tuning.accountCashOutRefreshMs;
    const quotes = await Promise.all(
      candidates.map((b) =>
        all || !this.quotes.has(b.bet_id)
          ? call({ call: 'bet/cashoutcheck', body: { bet_id: b.bet_id } })
          : Promise.resolve(this.reuse('/bet/cashoutcheck', b.bet_id)),
      ),
    );
    if (all) this.quotedAt = now;
    const cashout: Record<string, unknown> = {};
    candidates.forEach((b, i) => {
      cashout[b.bet_id] = quotes[i];
    });
    this.quotes = new Map(Object.entries(cashout));
    return {
      balance,
      running,
      waiting,
      rejected,
      unread,
      ...(lottery === undefined ? {} : { lottery }),
      ...(numbergame === undefined ? {} : { numbergame }),
      cashout,
    };
  }

  private async poll(): Promise<void> {
    if (!this.running) return;
    const who = this.credentials();
    if (who === undefined) return;
    this.lastStart = this.now();
    this.again = false;
    const controller = new AbortController();
    this.inFlight = controller;
    let label = 'ok';
    let refused = false;
    this.repliesChanged = false;
    this.nextReplies = new Map();
    try {
      const replies = await this.replies(who, controller.signal);
      // The same set of calls answered with the same bytes as last time: the model is the same.
      const unchanged =
        !this.repliesChanged && this.model !== undefined && this.nextReplies.size === this.lastReplies.size;
      const normalized = unchanged
        ? ({ ok: true, value: this.model as AccountModel } as const)
        : normalizeAccount(bodies(replies));
      // Only replies that made a good model are compared against next time.
      this.lastReplies = normalized.ok ? this.nextReplies : new Map();
      if (unchanged) {
        this.unchangedPolls++;
        this.failures = 0;
        this.history.setStale(false, this.now());
      } else if (normalized.ok) {
        this.failures = 0;
        this.model = normalized.value;
        this.openMatches = openBetMatchIds(normalized.value);
        const at = this.now();
        this.history.publish(normalized.value as unknown as Model, at);
        this.history.setStale(false, at);
      } else {
        label = 'rejected';
        this.failed(normalized.error);
      }
    } catch (err) {
      if (err instanceof SessionRefused) {
        label = 'session';
        refused = true;
      } else {
        const kind = (err as { kind?: unknown }).kind;
        label = typeof kind === 'string' ? kind : 'error';
        this.failed((err as Error).message);
      }
    } finally {
      this.inFlight = undefined;
    }
    this.options.polls.inc({ topic_kind: 'account', outcome: label });
    if (refused) {
      // Logged out (or another login replaced the session): its sockets go as on a failed hello;
      // the others of the account, with other sessions, keep the topic.
      this.profiles.delete(who.sessionToken);
      this.options.onInvalidSession(this.topic.name, who.sessionToken);
      if (this.running) this.schedule(0);
      return;
    }
    if (!this.running) return;
    if (this.again) {
      this.schedule(0);
      return;
    }
    const interval = this.intervalMs;
    if (this.failures === 0 && interval === this.options.tuning.accountSlowMs) {
      // On the topic's own slot, at least a quick interval after this poll: accounts subscribed
      // together do not poll together (their replies would arrive in one turn of the loop).
      const due = slotAfter(this.lastStart, this.phase, interval, this.options.tuning.accountQuickMs);
      this.schedule(Math.max(0, due - this.now()));
      return;
    }
    const wait =
      this.failures === 0
        ? interval
        : Math.min(this.options.tuning.maxBackoffMs, interval * 2 ** Math.min(this.failures - 1, 10));
    this.schedule(Math.max(0, this.lastStart + wait - this.now()));
  }

  private failed(reason: string): void {
    this.failures += 1;
    this.options.log.warn({ topic: this.topic.name, reason, failures: this.failures }, 'account poll failed');
    if (this.failures >= 2) this.history.setStale(true, this.now());
  }
}
