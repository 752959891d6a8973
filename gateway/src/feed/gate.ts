/**
 * Which new topics this node takes on (gateway/FEED.md "Limits"). A topic the node already holds
 * is always served. A new one is refused when the node holds `maxTopicsPerNode` topics. A
 * `match/<id>` is taken only when the id exists: it is in a market snapshot the node holds, or one
 * upstream `uxmatch` call says so. That call is shared by every socket asking for the id while it
 * runs, its answer is remembered (`matchKnownCacheMs` / `matchUnknownCacheMs`), and the node makes
 * at most `matchChecksPerSecond` of them: made-up ids cost the upstream nothing after one call each,
 * and at most a few calls a second in all. The refused id is never polled. An `odds/<sportId>/...`
 * topic is refused when the node holds the menu and the menu does not list the sport.
 * A `radar/<id>` (a match's tracker) is taken on the same evidence as `match/<id>`.
 * A `room/<id>` (tournament) is taken when the node holds it and the room is not private; otherwise
 * one `tournament/roominfo` call with the subscriber's session says whether the room exists and,
 * for a private room, whether the subscriber is a member (a private room is served to members
 * only; anyone else gets `unknownTopic`, as for a room that does not exist). Members are
 * remembered for `matchKnownCacheMs`; the checks share the match checks' token bucket.
 * Upstream checks take a token from the asking account's own small bucket
 * (`accountChecksPerSecond`, burst `accountCheckBurst`) before the node's, so one account churning
 * made-up ids spends its own budget and never the node's: other players' first look at a new match
 * is not queued behind it. A check with no subscriber (none today) takes only the
 * node's token. Idle accounts' buckets are forgotten (bounded map).
 * A shared list (`list/<name>`, `list/<name>/<language>`) is taken without a check: parseTopic only
 * names a fixed set of them (at most 23 topics), and each is the same for every player.
 */
import { isRecord, type Topic } from '@sportsbook/protocol';
import type { UpstreamClient } from '../plugins/upstream.ts';
import { TokenBucket } from './bucket.ts';
import type { Refusal } from './limits.ts';
import type { FeedTuning } from './tuning.ts';

export type GateVerdict =
  | 'ok'
  | 'unavailable'
  | Extract<Refusal, 'topics_per_node' | 'unknown_topic' | 'topic_checks' | 'forbidden_topic'>;

/** What the gate reads of the hub: the topics held and their latest models. */
export interface HeldTopics {
  readonly topics: ReadonlyMap<string, { readonly topic: Topic; readonly history: object }>;
  /** Topics counted against `maxTopicsPerNode`: all but the account topics (hub.ts); `topics.size` when absent. */
  readonly sharedCount?: number;
}

export interface TopicGateOptions {
  tuning: Pick<
    FeedTuning,
    | 'maxTopicsPerNode'
    | 'matchKnownCacheMs'
    | 'matchUnknownCacheMs'
    | 'matchChecksPerSecond'
    | 'matchCheckBurst'
    | 'accountChecksPerSecond'
    | 'accountCheckBurst'
    | 'minPollTimeoutMs'
  >;
  held: HeldTopics;
  upstream: Pick<UpstreamClient, 'post'>;
  onRefusal(reason: Refusal): void;
  onCheck(outcome: 'known' | 'unknown' | 'failed'): void;
  now?: () => number;
}

/** Remembered answers about match ids, bounded (oldest dropped first). */
const MAX_REMEMBERED = 10_000;

/** The `match` collection of a history's latest model, when it has one (TopicHistory, ReplicaHistory). */
function matchesOf(history: object): Record<string, unknown> | undefined {
  const model = (history as { model?: unknown }).model;
  if (!isRecord(model)) return undefined;
  const match = model.match;
  return isRecord(match) ? match : undefined;
}

/** The room of a held `room/<id>` topic's latest model (poller: protocol roomFeed.ts RoomModel). */
function roomOf(history: object, roomId: number): Record<string, unknown> | undefined {
  const model = (history as { model?: unknown }).model;
  if (!isRecord(model) || !isRecord(model.room)) return undefined;
  const room = model.room[String(roomId)];
  return isRecord(room) ? room : undefined;
}

/** Who subscribes: the connection's session (feed/connection.ts). */
export interface Subscriber {
  readonly accountId: string;
  readonly sessionToken: string;
}

export class TopicGate {
  private readonly answers = new Map<number, { exists: boolean; until: number }>();
  /** `<account>\u0000<room id>` of members (and viewers of public rooms) already checked. */
  private readonly roomViewers = new Map<string, number>();
  private readonly inFlight = new Map<number, Promise<'ok' | 'unknown_topic' | 'unavailable'>>();
  private readonly nodeChecks: TokenBucket;
  /** Accounts' own check buckets, by lower-cased account id (oldest use first). */
  private readonly accountChecks = new Map<string, TokenBucket>();
  private readonly now: () => number;

  constructor(private readonly options: TopicGateOptions) {
    this.now = options.now ?? Date.now;
    this.nodeChecks = new TokenBucket(
      options.tuning.matchChecksPerSecond,
      options.tuning.matchCheckBurst,
      this.now(),
    );
  }

  /** Whether the node can take `name` now (no upstream call): held, or room for one more. */
  hasRoom(name: string): boolean {
    const { topics } = this.options.held;
    return (
      topics.has(name) ||
      (this.options.held.sharedCount ?? topics.size) < this.options.tuning.maxTopicsPerNode
    );
  }

  /** After an upstream check: is there still room for the topic (a refusal is counted)? */
  recheckRoom(name: string): 'ok' | 'topics_per_node' {
    return this.hasRoom(name) ? 'ok' : this.refuse('topics_per_node');
  }

  /** The verdict on a new subscription; a promise only while an unknown match id is checked. */
  admit(name: string, topic: Topic, who?: Subscriber): GateVerdict | Promise<GateVerdict> {
    if (topic.kind === 'account') return this.admitAccount(topic.accountId, who);
    if (topic.kind === 'room') return this.admitRoom(name, topic.roomId, who);
    if (this.options.held.topics.has(name)) return 'ok';
    if (!this.hasRoom(name)) return this.refuse('topics_per_node');
    if (topic.kind === 'odds') return this.sportListed(topic.sportId) ? 'ok' : this.refuse('unknown_topic');
    // A shared list (`list/...`): a fixed set of names (parseTopic), the same for every player.
    if (topic.kind === 'list') return 'ok';
    // A match's tracker (`radar/<id>`) is admitted on the same evidence as the match itself.
    if (topic.kind !== 'match' && topic.kind !== 'radar') return 'ok';
    const id = topic.matchId;
    if (this.inSnapshots(id)) return 'ok';
    const known = this.answers.get(id);
    if (known && known.until > this.now()) return known.exists ? 'ok' : this.refuse('unknown_topic');
    const running = this.inFlight.get(id);
    if (running) return running.then((v) => (v === 'unknown_topic' ? this.refuse(v) : v));
    if (!this.take(who)) return this.refuse('topic_checks');
    const check = this.check(id).finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, check);
    return check.then((v) => (v === 'unknown_topic' ? this.refuse(v) : v));
  }

  /**
   * An account's private stream (`account/<id>`, account.ts): only the socket's own account (the
   * session its hello proved), compared case-insensitively; any other is `forbidden_topic`, held
   * or not, so no socket ever reads another account's stream.
   */
  private admitAccount(accountId: string, who: Subscriber | undefined): GateVerdict {
    if (who === undefined || who.accountId.trim().toLowerCase() !== accountId) {
      return this.refuse('forbidden_topic');
    }
    // Not under the node's topic cap: one per account with a socket here, bounded by the sockets
    // themselves, and never crowding out the shared topics (FEED.md "Limits").
    return 'ok';
  }

  /** A room topic: public and held, or checked with the subscriber's session (members only when private). */
  private admitRoom(
    name: string,
    roomId: number,
    who: Subscriber | undefined,
  ): GateVerdict | Promise<GateVerdict> {
    const held = this.options.held.topics.get(name);
    const room = held === undefined ? undefined : roomOf(held.history, roomId);
    if (room !== undefined && room.room_type !== 2) return 'ok';
    if (held === undefined && !this.hasRoom(name)) return this.refuse('topics_per_node');
    if (who === undefined) return this.refuse('unknown_topic');
    const key = `${who.accountId.toLowerCase()}\u0000${roomId}`;
    const until = this.roomViewers.get(key);
    if (until !== undefined && until > this.now()) return 'ok';
    if (!this.take(who)) return this.refuse('topic_checks');
    return this.checkRoom(roomId, who).then((v) => {
      if (v === 'ok') {
        this.roomViewers.delete(key);
        this.roomViewers.set(key, this.now() + this.options.tuning.matchKnownCacheMs);
        if (this.roomViewers.size > MAX_REMEMBERED) {
          const oldest = this.roomViewers.keys().next();
          if (!oldest.done) this.roomViewers.delete(oldest.value);
        }
      }
      return v === 'unknown_topic' ? this.refuse(v) : v;
    });
  }

  /** One `tournament/roominfo` call with the subscriber's session. */
  private async checkRoom(roomId: number, who: Subscriber): Promise<'ok' | 'unknown_topic' | 'unavailable'> {
    try {
      const res = await this.options.upstream.post(
        '/tournament/roominfo',
        { account_id: who.accountId, session_token: who.sessionToken, room_id: roomId },
        { timeoutMs: this.options.tuning.minPollTimeoutMs },
      );
      const body = res.body as { status?: unknown; statusdesc?: unknown; room?: unknown } | null;
      if (body?.status === 1 && isRecord(body.room)) {
        const visible = body.room.room_type !== 2 || body.room.joined === true;
        this.options.onCheck(visible ? 'known' : 'unknown');
        return visible ? 'ok' : 'unknown_topic';
      }
      if (typeof body?.statusdesc === 'string' && body.statusdesc !== '' && res.httpStatus < 500) {
        this.options.onCheck('unknown');
        return 'unknown_topic';
      }
    } catch {
      // counted below
    }
    this.options.onCheck('failed');
    return 'unavailable';
  }

  private refuse<R extends Refusal>(reason: R): R {
    this.options.onRefusal(reason);
    return reason;
  }

  /** The id is a match of a model this node holds (the odds lists the board shows). */
  private inSnapshots(id: number): boolean {
    const key = String(id);
    for (const entry of this.options.held.topics.values()) {
      const matches = matchesOf(entry.history);
      if (matches !== undefined && Object.hasOwn(matches, key)) return true;
    }
    return false;
  }

  /** The menu held by this node lists the sport (true when no menu is held: parseTopic's list decides). */
  private sportListed(sportId: number): boolean {
    const menu = this.options.held.topics.get('menu');
    const model = menu === undefined ? undefined : (menu.history as { model?: unknown }).model;
    if (!isRecord(model) || !isRecord(model.sports)) return true;
    return Object.hasOwn(model.sports, String(sportId));
  }

  /**
   * One upstream check's tokens: the account's own bucket first (an empty one refuses without
   * touching the node's), then the node's. A token is spent from the account's bucket only when the
   * node's has one too.
   */
  private take(who: Subscriber | undefined): boolean {
    const now = this.now();
    const mine = who === undefined ? undefined : this.accountBucket(who.accountId, now);
    if (mine !== undefined && !mine.has(now)) return false;
    if (!this.nodeChecks.take(now)) return false;
    mine?.take(now);
    return true;
  }

  private accountBucket(accountId: string, now: number): TokenBucket {
    const key = accountId.trim().toLowerCase();
    let bucket = this.accountChecks.get(key);
    if (bucket === undefined) {
      const { accountChecksPerSecond, accountCheckBurst } = this.options.tuning;
      bucket = new TokenBucket(accountChecksPerSecond, accountCheckBurst, now);
      if (this.accountChecks.size >= MAX_REMEMBERED) this.forgetRested(now);
    } else this.accountChecks.delete(key);
    this.accountChecks.set(key, bucket); // most recent use last
    return bucket;
  }

  /** Drops full buckets (they behave as new ones), and the least recently used if none is full. */
  private forgetRested(now: number): void {
    for (const [key, bucket] of this.accountChecks) if (bucket.full(now)) this.accountChecks.delete(key);
    if (this.accountChecks.size >= MAX_REMEMBERED) {
      const oldest = this.accountChecks.keys().next();
      if (!oldest.done) this.accountChecks.delete(oldest.value);
    }
  }

  /** One `uxmatch` call: status 1 is a match; `matchHide` (no such match, or hidden) is none. */
  private async check(id: number): Promise<'ok' | 'unknown_topic' | 'unavailable'> {
    let exists: boolean;
    try {
      const res = await this.options.upstream.post(
        '/odds/uxmatch',
        { match_id: id },
        { timeoutMs: this.options.tuning.minPollTimeoutMs },
      );
      const body = res.body as { status?: unknown; statusdesc?: unknown } | null;
      if (body?.status === 1) exists = true;
      else if (body?.statusdesc === 'matchHide') exists = false;
      else {
        this.options.onCheck('failed');
        return 'unavailable';
      }
    } catch {
      this.options.onCheck('failed');
      return 'unavailable';
    }
    this.options.onCheck(exists ? 'known' : 'unknown');
    const { matchKnownCacheMs, matchUnknownCacheMs } = this.options.tuning;
    this.answers.delete(id);
    this.answers.set(id, { exists, until: this.now() + (exists ? matchKnownCacheMs : matchUnknownCacheMs) });
    if (this.answers.size > MAX_REMEMBERED) {
      const oldest = this.answers.keys().next();
      if (!oldest.done) this.answers.delete(oldest.value);
    }
    return exists ? 'ok' : 'unknown_topic';
  }
}
