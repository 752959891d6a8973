/**
 * Wire protocol v1 (DESIGN.md, protocol/WIRE.md): JSON text frames at `/ws`. Every frame type is
 * a TypeBox schema with its static type; parsers take `unknown` and return a typed value or an
 * error, never throwing. Topic names and the upstream call that polls each topic live here too.
 */

import type { Static } from 'typebox';
import Type from 'typebox';
import { isLanguage, type Language } from './constants.ts';
import type { Delta } from './diff.ts';
import { parseDelta } from './diff.ts';
import { isRecord } from './guards.ts';
import type { Parsed } from './market.ts';
import type {
  MarketGroupName,
  MarketType,
  SportId,
  UxMarketRequest,
  UxMatch2Request,
  UxMatchRequest,
  UxMenuRequest,
} from './rows.ts';
import { ExcludedSportIds, MarketGroup, MarketTypes, Sports } from './rows.ts';
import { schemaCheck } from './schemaCheck.ts';

/**
 * The wire version this package's clients speak (the hello's `v`). Servers speak every version of
 * `WireVersions` (clock.ts): v1 (clock seconds in liveState) is kept for one release.
 */
export const PROTOCOL_VERSION = 2;

/** Websocket close codes (4000-4999 are ours; 1009/1011/1012 are RFC 6455's). */
export const CloseCode = {
  /** hello carried a bad or expired session. */
  badSession: 4401,
  /** The session may not watch the topic. */
  forbiddenTopic: 4403,
  /** No valid hello within the hello deadline (5 s). */
  helloTimeout: 4408,
  /** A subscriber stayed over its send-buffer bound after conflation and a fresh snapshot. */
  tooSlow: 4413,
  /** Frames arrive faster than the rate limit allows, or one socket too many for the session, account or address. */
  tooManyRequests: 4429,
  frameTooLarge: 1009,
  internalError: 1011,
  /** The node is shutting down or restarting: reconnect (to any node) and resume. */
  serviceRestart: 1012,
} as const;
export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode];

/** Codes of `err` frames (the connection stays open). */
export const WireErrorCode = {
  /** Not JSON, unknown `op`, or a field of the wrong type. */
  badFrame: 'badFrame',
  /** The hello's `v` is not a version this server speaks (1 or 2). */
  unsupportedVersion: 'unsupportedVersion',
  /** A frame other than hello before the hello was accepted. */
  notAuthenticated: 'notAuthenticated',
  /** A second hello on an authenticated connection. */
  alreadyAuthenticated: 'alreadyAuthenticated',
  /** The topic name does not parse (parseTopic). */
  badTopic: 'badTopic',
  /** The connection already watches the maximum number of topics. */
  tooManyTopics: 'tooManyTopics',
  /** `sub` for a topic this connection already watches (the sub is acknowledged, no new snap). */
  alreadySubscribed: 'alreadySubscribed',
  /** `unsub` for a topic this connection does not watch. */
  notSubscribed: 'notSubscribed',
  /** Too many frames: slow down (repeated, the connection closes with 4429). */
  tooManyRequests: 'tooManyRequests',
  /** The topic cannot be served right now (upstream down and no snapshot yet, or the server is busy checking new topics). */
  topicUnavailable: 'topicUnavailable',
  /** The topic names an id the upstream does not know (`match/<id>` of no match, a sport not in the menu): not polled. */
  unknownTopic: 'unknownTopic',
  /** The topic is another account's private stream (`account/<id>` of an account not the socket's session's). */
  forbiddenTopic: 'forbiddenTopic',
  internalError: 'internalError',
} as const;
export type WireErrorCode = (typeof WireErrorCode)[keyof typeof WireErrorCode];

/** Defaults the gateway and clients share (the gateway may configure its own bounds). */
export const WireDefaults = {
  helloTimeoutMs: 5000,
  heartbeatMs: 5000,
  maxClientFrameBytes: 4096,
  maxTopicsPerConnection: 64,
} as const;

// ---------------------------------------------------------------------------------------------
// Frames

const RequestId = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const Seq = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const TopicName = Type.String({ minLength: 1, maxLength: 128 });
const Epoch = Type.String({ minLength: 1, maxLength: 64 });
const Millis = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

export const HelloFrame = Type.Object({
  op: Type.Literal('hello'),
  v: Type.Integer(),
  account_id: Type.String({ minLength: 1, maxLength: 64 }),
  session_token: Type.String({ minLength: 1, maxLength: 512 }),
});
export const SubFrame = Type.Object({
  op: Type.Literal('sub'),
  id: RequestId,
  topic: TopicName,
  from: Type.Optional(Type.Object({ epoch: Epoch, seq: Seq })),
});
export const UnsubFrame = Type.Object({ op: Type.Literal('unsub'), id: RequestId, topic: TopicName });
export const PingFrame = Type.Object({ op: Type.Literal('ping'), id: RequestId });
export const ClientFrame = Type.Union([HelloFrame, SubFrame, UnsubFrame, PingFrame]);

export type HelloFrame = Static<typeof HelloFrame>;
export type SubFrame = Static<typeof SubFrame>;
export type UnsubFrame = Static<typeof UnsubFrame>;
export type PingFrame = Static<typeof PingFrame>;
export type ClientFrame = Static<typeof ClientFrame>;

export const WelcomeFrame = Type.Object({
  t: Type.Literal('welcome'),
  node: Type.String({ maxLength: 128 }),
  /** Heartbeat interval in ms. */
  hb: Millis,
});
export const SnapFrame = Type.Object({
  t: Type.Literal('snap'),
  topic: TopicName,
  epoch: Epoch,
  seq: Seq,
  hash: Type.String({ minLength: 1, maxLength: 64 }),
  pt: Millis,
  data: Type.Record(
    Type.String(),
    Type.Union([Type.Array(Type.Unknown()), Type.Record(Type.String(), Type.Unknown())]),
  ),
});
export const DeltaFrame = Type.Object({
  t: Type.Literal('delta'),
  topic: TopicName,
  seq: Seq,
  /**
   * Present only on a conflated delta (a slow subscriber's missed deltas merged into one): the seq
   * it applies on. Absent: it applies on `seq - 1`.
   */
  prev: Type.Optional(Seq),
  hash: Type.String({ minLength: 1, maxLength: 64 }),
  pt: Millis,
  ops: Type.Array(Type.Array(Type.Unknown(), { minItems: 2 })),
});
export const StatusFrame = Type.Object({
  t: Type.Literal('status'),
  topic: TopicName,
  stale: Type.Boolean(),
  /** ISO 8601 UTC time the topic became stale (or recovered). */
  since: Type.String({ maxLength: 40 }),
});
export const HeartbeatFrame = Type.Object({
  t: Type.Literal('hb'),
  ts: Millis,
  seqs: Type.Record(Type.String(), Seq),
});
export const AckFrame = Type.Object({ t: Type.Literal('ack'), id: RequestId });
export const ErrFrame = Type.Object({
  t: Type.Literal('err'),
  id: Type.Optional(RequestId),
  code: Type.Union(Object.values(WireErrorCode).map((c) => Type.Literal(c))),
  message: Type.String({ maxLength: 1024 }),
});
export const ServerFrame = Type.Union([
  WelcomeFrame,
  SnapFrame,
  DeltaFrame,
  StatusFrame,
  HeartbeatFrame,
  AckFrame,
  ErrFrame,
]);

export type WelcomeFrame = Static<typeof WelcomeFrame>;
/** `data` is a model (MarketModel for odds/match topics, MenuModel for menu). */
export type SnapFrame = Static<typeof SnapFrame>;
/** `ops` is exactly `diffModel`'s delta (validated by parseDelta when parsed). */
export type DeltaFrame = Omit<Static<typeof DeltaFrame>, 'ops'> & { ops: Delta };
export type StatusFrame = Static<typeof StatusFrame>;
export type HeartbeatFrame = Static<typeof HeartbeatFrame>;
export type AckFrame = Static<typeof AckFrame>;
export type ErrFrame = Omit<Static<typeof ErrFrame>, 'code'> & { code: WireErrorCode };
export type ServerFrame =
  | WelcomeFrame
  | SnapFrame
  | DeltaFrame
  | StatusFrame
  | HeartbeatFrame
  | AckFrame
  | ErrFrame;

const clientValidators = {
  hello: schemaCheck(HelloFrame),
  sub: schemaCheck(SubFrame),
  unsub: schemaCheck(UnsubFrame),
  ping: schemaCheck(PingFrame),
} as const;
const serverValidators = {
  welcome: schemaCheck(WelcomeFrame),
  snap: schemaCheck(SnapFrame),
  delta: schemaCheck(DeltaFrame),
  status: schemaCheck(StatusFrame),
  hb: schemaCheck(HeartbeatFrame),
  ack: schemaCheck(AckFrame),
  err: schemaCheck(ErrFrame),
} as const;

function firstError(errors: readonly { instancePath: string; message: string }[]): string {
  const e = errors[0];
  return e === undefined ? 'invalid frame' : `${e.instancePath || '/'}: ${e.message}`;
}

/**
 * Validates a client frame. Dispatches on `op` so the error names the field of that frame type.
 * The `sub`'s topic is only checked for length here: parse it with parseTopic (err `badTopic`).
 */
export function parseClientFrame(input: unknown): Parsed<ClientFrame> {
  try {
    if (!isRecord(input)) return { ok: false, error: 'frame must be an object' };
    const op = input.op;
    if (typeof op !== 'string' || !Object.hasOwn(clientValidators, op)) {
      return { ok: false, error: `unknown op ${JSON.stringify(op)?.slice(0, 32)}` };
    }
    const v = clientValidators[op as keyof typeof clientValidators];
    if (v.Check(input)) return { ok: true, value: input as ClientFrame };
    return { ok: false, error: `${op}: ${firstError(v.Errors(input))}` };
  } catch (err) {
    return { ok: false, error: `invalid frame: ${(err as Error)?.message ?? 'unknown'}` };
  }
}

/** Validates a server frame (the web client's edge); a delta's ops are checked by parseDelta. */
export function parseServerFrame(input: unknown): Parsed<ServerFrame> {
  try {
    if (!isRecord(input)) return { ok: false, error: 'frame must be an object' };
    const t = input.t;
    if (typeof t !== 'string' || !Object.hasOwn(serverValidators, t)) {
      return { ok: false, error: `unknown frame type ${JSON.stringify(t)?.slice(0, 32)}` };
    }
    const v = serverValidators[t as keyof typeof serverValidators];
    if (!v.Check(input)) return { ok: false, error: `${t}: ${firstError(v.Errors(input))}` };
    if (t === 'delta') {
      const ops = parseDelta(input.ops);
      if (!ops.ok) return { ok: false, error: `delta: ${ops.error}` };
    }
    return { ok: true, value: input as ServerFrame };
  } catch (err) {
    return { ok: false, error: `invalid frame: ${(err as Error)?.message ?? 'unknown'}` };
  }
}

function decode<T>(text: string, parse: (v: unknown) => Parsed<T>): Parsed<T> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'frame is not JSON' };
  }
  return parse(value);
}

/** Parses a received text frame from a client (JSON.parse errors become a result). */
export function decodeClientFrame(text: string): Parsed<ClientFrame> {
  return decode(text, parseClientFrame);
}

/** Parses a received text frame from the server. */
export function decodeServerFrame(text: string): Parsed<ServerFrame> {
  return decode(text, parseServerFrame);
}

export function encodeClientFrame(frame: ClientFrame): string {
  return JSON.stringify(frame);
}

/** Encode once per broadcast and write the same string to every subscriber. */
export function encodeServerFrame(frame: ServerFrame): string {
  return JSON.stringify(frame);
}

// ---------------------------------------------------------------------------------------------
// Topics

export const MarketGroupNames = Object.keys(MarketGroup) as MarketGroupName[];

export type Topic =
  | { kind: 'menu' }
  | { kind: 'odds'; sportId: SportId; marketType: MarketType; group: MarketGroupName }
  | { kind: 'match'; matchId: number }
  /** The tournament lobby: every listed room and its player count. */
  | { kind: 'rooms' }
  /** One tournament room: the room, its ranking and status. Private rooms: members only. */
  | { kind: 'room'; roomId: number }
  /** One match's tracker: events, stats and the engine's score (protocol radar.ts). */
  | { kind: 'radar'; matchId: number }
  /** One account's private stream (protocol accountFeed.ts): the socket's own account only. */
  | { kind: 'account'; accountId: string }
  /** A shared list every player sees alike (protocol listFeed.ts, WIRE.md "List topics"). */
  | { kind: 'list'; list: SharedList }
  /** A shared list in one interface language (the upstream's own text): marquee, announcements. */
  | { kind: 'list'; list: LanguageList; language: Language };

/** The shared lists polled once for everyone (`list/<name>`). */
export const SharedLists = ['livetv', 'esports', 'lottery', 'numbergame', 'highlights', 'site'] as const;
export type SharedList = (typeof SharedLists)[number];
/** The shared lists polled once per language (`list/<name>/<language>`). */
export const LanguageLists = ['marquee', 'announce'] as const;
export type LanguageList = (typeof LanguageLists)[number];
/** How many announcements the `list/announce/<language>` topic holds (the newest first). */
export const AnnounceTopicSize = 100;

/** The odds feed's topics (polled on the odds host, recorded by RECORD_DIR). */
export type OddsTopic = Extract<Topic, { kind: 'menu' | 'match' | 'odds' }>;

export function isOddsTopic(topic: Topic): topic is OddsTopic {
  return topic.kind === 'menu' || topic.kind === 'match' || topic.kind === 'odds';
}

export type OddsTopicCall =
  | { call: 'uxmenu'; body: UxMenuRequest }
  | { call: 'uxmarket'; body: UxMarketRequest }
  | { call: 'uxmatch'; body: UxMatchRequest }
  | { call: 'uxmatch2'; body: UxMatch2Request };

export type TopicCall =
  | OddsTopicCall
  | { call: 'roomlist'; body: Record<string, never> }
  | { call: 'roominfo'; body: { room_id: number } }
  | { call: 'roomrank'; body: { room_id: number } }
  | { call: 'radarlist'; body: { match_id: number } }
  | ListTopicCall
  | AccountTopicCall;

/** The calls of the `list/...` topics: sessionless feed reads (schemas/feed.ts `isListFeedRead`). */
export type ListTopicCall =
  | { call: 'livetvlist'; body: Record<string, never> }
  | { call: 'esports2live'; body: Record<string, never> }
  | { call: 'lottery/drawlist'; body: Record<string, never> }
  | { call: 'ngdrawlist'; body: Record<string, never> }
  | { call: 'highlightleague'; body: Record<string, never> }
  | { call: 'version'; body: Record<string, never> }
  | { call: 'marqueelist'; body: { language: Language } }
  | { call: 'announcelist'; body: { language: Language; page_number: 1; page_size: number } };

/**
 * The upstream path of a topic call: `/tournament/<call>` for the room topics, `/radarlist` (a base
 * call) for the radar topic, `/odds/<call>` else.
 */
export function topicCallPath(call: TopicCall): string {
  if (isAccountCall(call)) return `/${call.call}`;
  if (call.call === 'radarlist') return '/radarlist';
  if (call.call === 'lottery/drawlist') return '/lottery/drawlist';
  if (isListCall(call)) return `/${call.call}`;
  return call.call.startsWith('room') ? `/tournament/${call.call}` : `/odds/${call.call}`;
}

function isListCall(call: TopicCall): call is ListTopicCall {
  return (
    call.call === 'livetvlist' ||
    call.call === 'esports2live' ||
    call.call === 'ngdrawlist' ||
    call.call === 'highlightleague' ||
    call.call === 'version' ||
    call.call === 'marqueelist' ||
    call.call === 'announcelist'
  );
}

const excludedSports = new Set<number>(ExcludedSportIds);
const CanonicalId = /^[1-9][0-9]{0,15}$/;

/** Parses a topic name; only canonical names pass (no leading zeros, known sports). Never throws. */
export function parseTopic(name: unknown): Parsed<Topic> {
  if (typeof name !== 'string') return { ok: false, error: 'topic must be a string' };
  if (name.length > 128) return { ok: false, error: 'topic is too long' };
  if (name === 'menu') return { ok: true, value: { kind: 'menu' } };
  if (name === 'rooms') return { ok: true, value: { kind: 'rooms' } };
  const parts = name.split('/');
  if (parts[0] === 'list') return parseListTopic(name, parts);
  if (parts[0] === 'account') return parseAccountTopic(name, parts);
  if ((parts[0] === 'match' || parts[0] === 'room' || parts[0] === 'radar') && parts.length === 2) {
    const id = parts[1] as string;
    const value = Number(id);
    if (!CanonicalId.test(id) || !Number.isSafeInteger(value)) {
      return { ok: false, error: `bad ${parts[0]} id in ${JSON.stringify(name)}` };
    }
    if (parts[0] === 'radar') return { ok: true, value: { kind: 'radar', matchId: value } };
    return {
      ok: true,
      value: parts[0] === 'match' ? { kind: 'match', matchId: value } : { kind: 'room', roomId: value },
    };
  }
  if (parts[0] === 'odds' && parts.length === 4) {
    const [, sport, marketType, group] = parts as [string, string, string, string];
    const sportId = Number(sport);
    if (!CanonicalId.test(sport) || excludedSports.has(sportId) || !Object.hasOwn(Sports, sport)) {
      return { ok: false, error: `unknown sport ${JSON.stringify(sport)}` };
    }
    if (!(MarketTypes as readonly string[]).includes(marketType)) {
      return { ok: false, error: `unknown market type ${JSON.stringify(marketType)}` };
    }
    if (!(MarketGroupNames as string[]).includes(group)) {
      return { ok: false, error: `unknown group ${JSON.stringify(group)} (early, today or live)` };
    }
    return {
      ok: true,
      value: {
        kind: 'odds',
        sportId: sportId as SportId,
        marketType: marketType as MarketType,
        group: group as MarketGroupName,
      },
    };
  }
  return { ok: false, error: `unknown topic ${JSON.stringify(name.slice(0, 64))}` };
}

function parseListTopic(name: string, parts: string[]): Parsed<Topic> {
  const list = parts[1] ?? '';
  if (parts.length === 2 && (SharedLists as readonly string[]).includes(list)) {
    return { ok: true, value: { kind: 'list', list: list as SharedList } };
  }
  if (parts.length === 3 && (LanguageLists as readonly string[]).includes(list)) {
    const language = parts[2];
    if (!isLanguage(language)) return { ok: false, error: `unknown language in ${JSON.stringify(name)}` };
    return { ok: true, value: { kind: 'list', list: list as LanguageList, language } };
  }
  return { ok: false, error: `unknown list ${JSON.stringify(name.slice(0, 64))}` };
}

/** The canonical name of a topic (parseTopic(topicName(t)) gives t back). */
export function topicName(topic: Topic): string {
  switch (topic.kind) {
    case 'menu':
      return 'menu';
    case 'match':
      return `match/${topic.matchId}`;
    case 'odds':
      return `odds/${topic.sportId}/${topic.marketType}/${topic.group}`;
    case 'rooms':
      return 'rooms';
    case 'room':
      return `room/${topic.roomId}`;
    case 'radar':
      return `radar/${topic.matchId}`;
    case 'account':
      return `account/${topic.accountId.trim().toLowerCase()}`;
    case 'list':
      return 'language' in topic ? `list/${topic.list}/${topic.language}` : `list/${topic.list}`;
  }
}

/**
 * The upstream call (and body) that polls a topic; a `room/<id>` poll makes two calls
 * (topicCalls: roominfo, then roomrank) and this is the first.
 */
export function topicCall(topic: OddsTopic): OddsTopicCall;
export function topicCall(topic: Topic): TopicCall;
export function topicCall(topic: Topic): TopicCall {
  return topicCalls(topic)[0] as TopicCall;
}

/** Every upstream call of one poll of a topic (one, or roominfo + roomrank for a room). */
export function topicCalls(topic: Topic): TopicCall[] {
  switch (topic.kind) {
    case 'rooms':
      return [{ call: 'roomlist', body: {} }];
    case 'room':
      return [
        { call: 'roominfo', body: { room_id: topic.roomId } },
        { call: 'roomrank', body: { room_id: topic.roomId } },
      ];
    case 'radar':
      return [{ call: 'radarlist', body: { match_id: topic.matchId } }];
    case 'account':
      return accountTopicCalls();
    case 'list':
      return [listTopicCall(topic)];
    default:
      return [oddsTopicCall(topic)];
  }
}

function oddsTopicCall(topic: OddsTopic): OddsTopicCall {
  switch (topic.kind) {
    case 'menu':
      return { call: 'uxmenu', body: {} };
    case 'match':
      return { call: 'uxmatch', body: { match_id: topic.matchId } };
    case 'odds':
      if (topic.marketType === 'mmo') {
        return { call: 'uxmatch2', body: { sport_id: topic.sportId, group: topic.group } };
      }
      return {
        call: 'uxmarket',
        body: { sport_id: topic.sportId, market_type: topic.marketType, group: topic.group },
      };
  }
}

/** The one sessionless call of a `list/...` topic (WIRE.md "List topics"). */
function listTopicCall(topic: Extract<Topic, { kind: 'list' }>): ListTopicCall {
  if ('language' in topic) {
    return topic.list === 'marquee'
      ? { call: 'marqueelist', body: { language: topic.language } }
      : {
          call: 'announcelist',
          body: { language: topic.language, page_number: 1, page_size: AnnounceTopicSize },
        };
  }
  switch (topic.list) {
    case 'livetv':
      return { call: 'livetvlist', body: {} };
    case 'esports':
      return { call: 'esports2live', body: {} };
    case 'lottery':
      return { call: 'lottery/drawlist', body: {} };
    case 'numbergame':
      return { call: 'ngdrawlist', body: {} };
    case 'highlights':
      return { call: 'highlightleague', body: {} };
    case 'site':
      // The site's state: `version` says whether the upstream is in maintenance.
      return { call: 'version', body: {} };
  }
}

// ---------------------------------------------------------------------------------------------
// The account topic (WIRE.md "Account topic", protocol accountFeed.ts)

/**
 * The calls of one `account/<id>` poll. Their bodies lack the session (and the balance call its
 * `parent_id`): the gateway adds those of the subscribing socket's own session. The balance call is
 * `vuserbalance` for operator_type 2; `lottery/betlist` and `ngbetlist` only for members with the
 * product on; a `bet/cashoutcheck` per running single or parlay follows (not listed here).
 */
export type AccountTopicCall =
  | { call: 'userbalance' | 'vuserbalance'; body: Record<string, never> }
  | {
      call:
        | 'bet/betacceptlist'
        | 'bet/pendingbetlist'
        | 'bet/betrejectlist'
        | 'lottery/betlist'
        | 'ngbetlist';
      body: { page_size: number };
    }
  | { call: 'personalunread'; body: Record<string, never> }
  | { call: 'bet/cashoutcheck'; body: { bet_id: string } };

const AccountCallNames = new Set<string>([
  'userbalance',
  'vuserbalance',
  'bet/betacceptlist',
  'bet/pendingbetlist',
  'bet/betrejectlist',
  'lottery/betlist',
  'ngbetlist',
  'personalunread',
  'bet/cashoutcheck',
]);

function isAccountCall(call: TopicCall): call is AccountTopicCall {
  return AccountCallNames.has(call.call);
}

/** Page size of the account topic's lists (the upstream's largest page). */
export const AccountListPageSize = 100;

function accountTopicCalls(): AccountTopicCall[] {
  const paged = { page_size: AccountListPageSize };
  return [
    { call: 'userbalance', body: {} },
    { call: 'bet/betacceptlist', body: paged },
    { call: 'bet/pendingbetlist', body: paged },
    { call: 'bet/betrejectlist', body: paged },
    { call: 'personalunread', body: {} },
    { call: 'lottery/betlist', body: paged },
    { call: 'ngbetlist', body: paged },
  ];
}

/** Account ids in topic names: lower case (ids compare case-insensitively), no slashes. */
const AccountTopicId = /^[a-z0-9][a-z0-9_.@-]{0,63}$/;

function parseAccountTopic(name: string, parts: string[]): Parsed<Topic> {
  const id = parts[1] ?? '';
  if (parts.length !== 2 || !AccountTopicId.test(id)) {
    return { ok: false, error: `bad account id in ${JSON.stringify(name.slice(0, 80))} (lower case)` };
  }
  return { ok: true, value: { kind: 'account', accountId: id } };
}
