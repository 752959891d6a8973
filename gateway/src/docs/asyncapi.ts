/**
 * The AsyncAPI 3.0 document of the odds stream at `/ws`, generated from protocol's wire schemas
 * (protocol/src/wire.ts; prose in protocol/WIRE.md): every client frame the gateway accepts and
 * every server frame it sends, with their TypeBox schemas as payloads, the close codes and the
 * `err` codes. Served at /api/docs/asyncapi.json (docs/plugin.ts).
 */
import {
  AckFrame,
  CloseCode,
  DeltaFrame,
  ErrFrame,
  HeartbeatFrame,
  HelloFrame,
  PingFrame,
  PROTOCOL_VERSION,
  SnapFrame,
  StatusFrame,
  SubFrame,
  UnsubFrame,
  WelcomeFrame,
  WireDefaults,
  WireErrorCode,
} from '@sportsbook/protocol';
import type { TSchema } from 'typebox';

interface FrameDoc {
  readonly schema: TSchema;
  readonly summary: string;
}

/**
 * The topics a `sub` may name (protocol wire.ts `parseTopic`; models in protocol/WIRE.md section 5),
 * with the upstream call one poll makes for every watcher.
 */
export const TopicDocs: Readonly<Record<string, string>> = {
  menu: 'Sports and their match counts (`uxmenu`).',
  'odds/<sportId>/<marketType>/<group>': 'One market list of a sport (`uxmarket`, `uxmatch2` for mmo).',
  'match/<matchId>': "One match's markets (`uxmatch`).",
  rooms: 'The tournament lobby (`/tournament/roomlist`, no session).',
  'room/<roomId>':
    'One tournament room and its ranking (`roominfo` + `roomrank`); private rooms: members only.',
  'radar/<matchId>': "One match's tracker (`/radarlist`, no session).",
  'list/livetv': 'Matches streaming now and next (`/livetvlist`, a sessionless feed read).',
  'list/esports': 'The e-sports lobby: live and upcoming series (`/esports2live`, sessionless).',
  'list/lottery':
    'The 4D draws: open ones and the latest with their 23 numbers (`/lottery/drawlist`, sessionless).',
  'list/numbergame':
    "The number game's draws and payout table (`/ngdrawlist`, sessionless; no stake limits).",
  'list/highlights': 'Leagues with highlight clips (`/highlightleague`, sessionless).',
  'list/site':
    'Whether the site is in maintenance (`/version`, sessionless, one poll per node): every page goes to /maintenance and back.',
  'list/marquee/<language>': "The marquee's lines in one language (`/marqueelist`, sessionless).",
  'list/announce/<language>': 'The newest 100 announcements in one language (`/announcelist`, sessionless).',
  'account/<accountId>':
    "The socket's own account only (lower-case id; any other: err `forbiddenTopic`): wallet, open bets with legs, " +
    'unread messages, open 4D and number-game tickets, cash-out offers (`userbalance`, `betacceptlist`, ' +
    '`pendingbetlist`, `betrejectlist`, `personalunread`, `lottery/betlist`, `ngbetlist`, `cashoutcheck`, with ' +
    "a subscriber's own session; one poll per account per interval: 1 s while a bet waits or after a bet, " +
    '30 s otherwise).',
};

/** Frames a client sends, by their `op`. */
export const ClientFrames: Readonly<Record<string, FrameDoc>> = {
  hello: {
    schema: HelloFrame,
    summary: `First frame, within ${WireDefaults.helloTimeoutMs} ms: protocol version ${PROTOCOL_VERSION} and the session of /api/authlogin.`,
  },
  sub: {
    schema: SubFrame,
    summary:
      'Watch a topic; with `from` (epoch, seq) the gateway resumes with the missed deltas, else a snap. ' +
      `Topics: ${Object.keys(TopicDocs).join(', ')} (the document's x-topics; protocol/WIRE.md section 5).`,
  },
  unsub: { schema: UnsubFrame, summary: 'Stop watching a topic.' },
  ping: { schema: PingFrame, summary: 'Answered by an ack with the same id.' },
};

/** Frames the gateway sends, by their `t`. */
export const ServerFrames: Readonly<Record<string, FrameDoc>> = {
  welcome: { schema: WelcomeFrame, summary: 'The hello was accepted: the node and the heartbeat interval.' },
  snap: { schema: SnapFrame, summary: "A topic's whole keyed model, its epoch, seq and state hash." },
  delta: {
    schema: DeltaFrame,
    summary:
      'Changes on the previous seq (or on `prev` when conflated); the hash is of the state after them.',
  },
  status: { schema: StatusFrame, summary: 'The topic went stale (upstream not answering) or recovered.' },
  hb: { schema: HeartbeatFrame, summary: "Heartbeat to an idle connection, with every watched topic's seq." },
  ack: { schema: AckFrame, summary: 'A sub, unsub or ping was done.' },
  err: { schema: ErrFrame, summary: 'A frame was refused; the connection stays open.' },
};

/** A TypeBox schema as plain JSON Schema (TypeBox's symbol keys dropped). */
function plain(schema: TSchema): object {
  return JSON.parse(JSON.stringify(schema)) as object;
}

function messages(frames: Readonly<Record<string, FrameDoc>>, prefix: string) {
  return Object.fromEntries(
    Object.entries(frames).map(([name, frame]) => [
      `${prefix}${name}`,
      {
        name,
        title: name,
        summary: frame.summary,
        contentType: 'application/json',
        payload: plain(frame.schema),
      },
    ]),
  );
}

/** The document; `host` is the Host the gateway is reached at (the server entry needs one). */
export function asyncApiDocument(host: string): object {
  const client = messages(ClientFrames, 'client_');
  const server = messages(ServerFrames, 'server_');
  const refs = (msgs: object) =>
    Object.keys(msgs).map((key) => ({ $ref: `#/channels/feed/messages/${key}` }));
  const closeCodes = Object.entries(CloseCode)
    .map(([name, code]) => `${code} ${name}`)
    .join(', ');
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Sportsbook odds stream',
      version: String(PROTOCOL_VERSION),
      description:
        `JSON text frames over one websocket per browser (protocol/WIRE.md). One upstream poll per topic ` +
        `serves every subscriber. Close codes: ${closeCodes}. \`err\` codes: ${Object.values(WireErrorCode).join(', ')}. ` +
        `At most ${WireDefaults.maxTopicsPerConnection} topics per connection and ${WireDefaults.maxClientFrameBytes} bytes per client frame by default.`,
    },
    servers: { gateway: { host, protocol: 'ws', pathname: '/ws' } },
    'x-topics': TopicDocs,
    channels: {
      feed: {
        address: '/ws',
        messages: Object.fromEntries(
          Object.keys({ ...client, ...server }).map((key) => [key, { $ref: `#/components/messages/${key}` }]),
        ),
      },
    },
    operations: {
      clientFrames: { action: 'receive', channel: { $ref: '#/channels/feed' }, messages: refs(client) },
      serverFrames: { action: 'send', channel: { $ref: '#/channels/feed' }, messages: refs(server) },
    },
    components: { messages: { ...client, ...server } },
  };
}
