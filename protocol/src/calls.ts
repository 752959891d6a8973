/**
 * Every upstream call of SPEC section 7, as the simulator serves them and the gateway mirrors them
 * under /api. All calls are POST. Bodies are in schemas/ and documented in protocol/CALLS.md.
 *
 * Path scheme (DESIGN.md): base host `/<call>`, odds host `/odds/<call>`, `/bet/<call>`,
 * `/tournament/<call>`, 4D lottery `/lottery/<call>`, game providers `/games/<provider>/<call>`. A call's `name` is its path
 * without the leading slash (`authlogin`, `odds/uxmarket`, `bet/betsingle`); the game calls are
 * named with a `:provider` placeholder (`games/:provider/LaunchGame`).
 */

export const CallGroup = {
  base: 'base',
  odds: 'odds',
  bet: 'bet',
  tournament: 'tournament',
  lottery: 'lottery',
  games: 'games',
} as const;
export type CallGroup = (typeof CallGroup)[keyof typeof CallGroup];

export type TimeoutClass = 'fast' | 'normal' | 'slow';

/** Per-class request timeouts for a caller of the upstream (ours; the spec gives none). */
export const CallTimeoutMs: Readonly<Record<TimeoutClass, number>> = {
  fast: 5_000,
  normal: 10_000,
  slow: 30_000,
};

/** The one-at-a-time lock a call takes (SPEC section 4: login, balance, settings, reload). */
export type CallLock = 'login' | 'balance' | 'settings' | 'reload';

/** What a call's entry says beside its path (defaults: no lock, not a placement, `normal`, `spec`). */
export interface CallSpec<P extends string = string> {
  /** `/<call>` on the base host, `/<group>/<call>` on another (`/games/:provider/<call>`). */
  readonly path: P;
  /** Only one such request per account at a time; a second gets `requestProcessing`. */
  readonly lock?: CallLock;
  /** Places a bet or cash-out: the body carries an idempotency key, a retry never debits twice. */
  readonly betPlacement?: boolean;
  /**
   * The idempotency key (`request_id`) may be left out: then the call is forwarded without the
   * gateway's dedupe and the upstream's own rule decides (a second room join is memberJoinedBefore).
   */
  readonly keyOptional?: boolean;
  readonly timeout?: TimeoutClass;
  /** spec: the path name is in SPEC section 7; named: the spec describes the call, we chose the path. */
  readonly source?: 'spec' | 'named';
}

/** A call's name: its path without the leading slash. */
export type NameOfPath<P extends string> = P extends `/${infer N}` ? N : never;

export interface CallDef<N extends string = string> {
  readonly name: N;
  readonly group: CallGroup;
  readonly path: string;
  /** Only one such request per account at a time; a second gets `requestProcessing`. */
  readonly oneAtATime?: boolean;
  readonly lock?: CallLock;
  /** Places a bet or cash-out: the body carries an idempotency key, a retry never debits twice. */
  readonly betPlacement?: boolean;
  /** See CallSpec.keyOptional. */
  readonly keyOptional?: boolean;
  readonly timeoutClass: TimeoutClass;
  readonly source: 'spec' | 'named';
}

const Groups: ReadonlySet<string> = new Set(Object.values(CallGroup));

/**
 * One entry of the call table: the name (a literal type) and the group come from the path, so a
 * call is written once. Its body and reply schemas are keyed by this name in schemas/index.ts
 * (`requestSchemas`, `replySchemas` and `SchemalessCalls`, which together must name every call of
 * the table and nothing else; `CallSchemas` is one row per call).
 */
export function defineCall<const P extends `/${string}`>(spec: CallSpec<P>): CallDef<NameOfPath<P>> {
  const first = spec.path.split('/')[1] ?? '';
  const group = (spec.path.indexOf('/', 1) > 0 && Groups.has(first) ? first : 'base') as CallGroup;
  return {
    name: spec.path.slice(1) as NameOfPath<P>,
    group,
    path: spec.path,
    ...(spec.lock ? { oneAtATime: true, lock: spec.lock } : {}),
    ...(spec.betPlacement ? { betPlacement: true } : {}),
    ...(spec.keyOptional ? { keyOptional: true } : {}),
    timeoutClass: spec.timeout ?? 'normal',
    source: spec.source ?? 'spec',
  };
}

const fast = { timeout: 'fast' } as const;
const slow = { timeout: 'slow' } as const;
const place = { betPlacement: true, timeout: 'slow' } as const;
/** Tournament charges and points bets: idempotent by `request_id` when the body has one. */
const roomPlace = { betPlacement: true, keyOptional: true, timeout: 'slow' } as const;

/**
 * The call table: every call, in SPEC section 7's order by host. Game result variants (SPEC:
 * "gameresult variants (...)") are named by us.
 */
export const Calls = [
  // Base host.
  defineCall({ path: '/authlogin', lock: 'login', timeout: 'fast' }),
  defineCall({ path: '/switchlogin', lock: 'login', timeout: 'fast' }),
  defineCall({ path: '/userlogin', lock: 'login', timeout: 'fast' }),
  defineCall({ path: '/securelogin', lock: 'login', timeout: 'fast' }),
  defineCall({ path: '/userbalance', lock: 'balance', timeout: 'fast' }),
  defineCall({ path: '/vuserbalance', lock: 'balance', timeout: 'fast' }),
  defineCall({ path: '/userprofile', lock: 'reload', timeout: 'fast' }),
  defineCall({ path: '/changepassword', ...fast }),
  defineCall({ path: '/addsecondary', ...fast }),
  defineCall({ path: '/usersettings', lock: 'settings', timeout: 'fast' }),
  defineCall({ path: '/version', ...fast }),
  defineCall({ path: '/dailystatement', ...slow }),
  defineCall({ path: '/platformwinlose', ...slow }),
  defineCall({ path: '/settlementhistory', ...slow }),
  defineCall({ path: '/gameresulttournament', timeout: 'slow', source: 'named' }),
  defineCall({ path: '/gameresulttournamentrefund', timeout: 'slow', source: 'named' }),
  defineCall({ path: '/gameresultsportsbook', timeout: 'slow', source: 'named' }),
  defineCall({ path: '/gameresultadjustment', timeout: 'slow', source: 'named' }),
  defineCall({ path: '/gameresultesports2', timeout: 'slow', source: 'named' }),
  defineCall({ path: '/gameresultesports2detail', timeout: 'slow', source: 'named' }),
  defineCall({ path: '/gameresultslots', timeout: 'slow', source: 'named' }),
  defineCall({ path: '/gameresultlivecasino', timeout: 'slow', source: 'named' }),
  defineCall({ path: '/gameresultlottery', timeout: 'slow', source: 'named' }),
  defineCall({ path: '/gameresultsummarysportsbook', timeout: 'slow', source: 'named' }),
  defineCall({ path: '/membervalidatetournament' }),
  defineCall({ path: '/cancelledbetlist' }),
  defineCall({ path: '/cancelledbetlistlottery' }),
  defineCall({ path: '/announcelist' }),
  defineCall({ path: '/marqueelist', ...fast }),
  defineCall({ path: '/personallist' }),
  defineCall({ path: '/personalunread', ...fast }),
  defineCall({ path: '/matchresult', ...slow }),
  defineCall({ path: '/singlematchresult' }),
  defineCall({ path: '/parlaymatchresult' }),
  defineCall({ path: '/parlaybetdetails' }),
  // The base-host betsysparlay family lists system parlays (info/sysparlay); /bet/betsysparlay places one.
  defineCall({ path: '/betsysparlay' }),
  defineCall({ path: '/betsysparlaymatch' }),
  defineCall({ path: '/betsysparlaybet' }),
  defineCall({ path: '/eventlist' }),
  defineCall({ path: '/standinglist' }),
  defineCall({ path: '/standingresult' }),
  defineCall({ path: '/bracketlist' }),
  defineCall({ path: '/highlightleague' }),
  defineCall({ path: '/highlightlist' }),
  defineCall({ path: '/getlogo', ...fast }),
  defineCall({ path: '/livetv2' }),
  defineCall({ path: '/livetvlist' }),
  defineCall({ path: '/radarlist' }),
  defineCall({ path: '/livematchlist' }),
  // The /esports2 lobby's live series, maps and rounds (ours).
  defineCall({ path: '/esports2live', timeout: 'fast', source: 'named' }),
  // Odds host.
  defineCall({ path: '/odds/uxmenu', ...fast }),
  defineCall({ path: '/odds/uxmarket', ...fast }),
  defineCall({ path: '/odds/uxmatch', ...fast }),
  defineCall({ path: '/odds/uxmatch2', ...fast }),
  // Bets.
  defineCall({ path: '/bet/betcheck', ...fast }),
  defineCall({ path: '/bet/betcheckspecial', ...fast }),
  defineCall({ path: '/bet/betcheckmultispecial', ...fast }),
  defineCall({ path: '/bet/betsingle', ...place }),
  defineCall({ path: '/bet/betsinglespecial', ...place }),
  defineCall({ path: '/bet/betparlay', ...place }),
  defineCall({ path: '/bet/betsysparlay', ...place }),
  // Virtual variants (SPEC: "virtual variants prefixed vbet"); the Myanmar ones are named in the spec.
  defineCall({ path: '/bet/vbetcheck', timeout: 'fast', source: 'named' }),
  defineCall({ path: '/bet/vbetsingle', ...place, source: 'named' }),
  defineCall({ path: '/bet/vbetparlay', ...place, source: 'named' }),
  // betmmoclick prices a Myanmar selection when clicked (like betcheck); it places nothing.
  defineCall({ path: '/bet/betmmoclick', ...fast }),
  defineCall({ path: '/bet/betsinglemmo', ...place }),
  defineCall({ path: '/bet/betparlaymmo', ...place }),
  defineCall({ path: '/bet/vbetsinglemmo', ...place }),
  defineCall({ path: '/bet/vbetparlaymmo', ...place }),
  defineCall({ path: '/bet/betacceptlist' }),
  defineCall({ path: '/bet/betrejectlist' }),
  defineCall({ path: '/bet/pendingbetlist', ...fast }),
  defineCall({ path: '/bet/betacceptfulllist', ...slow }),
  defineCall({ path: '/bet/betrejectfulllist', ...slow }),
  defineCall({ path: '/bet/cashoutcheck', ...fast }),
  defineCall({ path: '/bet/cashout', ...place }),
  defineCall({ path: '/bet/dbetlist' }),
  defineCall({ path: '/bet/dbetlistcancel' }),
  defineCall({ path: '/bet/parlayacceptdetails', source: 'named' }),
  defineCall({ path: '/bet/parlaypendingdetails', source: 'named' }),
  defineCall({ path: '/bet/parlayrejectdetails', source: 'named' }),
  // Tournament.
  defineCall({ path: '/tournament/roomlist' }),
  defineCall({ path: '/tournament/roomleaguelist' }),
  defineCall({ path: '/tournament/roommatchlist' }),
  defineCall({ path: '/tournament/matchlookup' }),
  defineCall({ path: '/tournament/roomcreate', ...roomPlace }),
  defineCall({ path: '/tournament/roomjoin', ...roomPlace }),
  // Leaving a room before it starts (fee refunded): not in the spec, ours.
  defineCall({ path: '/tournament/roomleave', ...roomPlace, source: 'named' }),
  defineCall({ path: '/tournament/vroomcreate', ...roomPlace }),
  defineCall({ path: '/tournament/vroomjoin', ...roomPlace }),
  defineCall({ path: '/tournament/memberbetlist' }),
  defineCall({ path: '/tournament/betresultlist' }),
  defineCall({ path: '/tournament/betresultfinal' }),
  defineCall({ path: '/tournament/bet', ...roomPlace }),
  defineCall({ path: '/tournament/betplus', ...roomPlace }),
  defineCall({ path: '/tournament/roomrank' }),
  defineCall({ path: '/tournament/roominfo' }),
  // Number game and virtual results (base host, the names are ours).
  defineCall({ path: '/ngdrawlist', ...fast, source: 'named' }),
  defineCall({ path: '/ngbet', ...place, source: 'named' }),
  defineCall({ path: '/ngbetlist', source: 'named' }),
  defineCall({ path: '/gameresultnumbergame', source: 'named' }),
  defineCall({ path: '/vresult', ...fast, source: 'named' }),
  // 4D lottery (the paths under /lottery are ours, SPEC names only the base-host lists).
  defineCall({ path: '/lottery/drawlist', ...fast, source: 'named' }),
  defineCall({ path: '/lottery/betcheck', ...fast, source: 'named' }),
  defineCall({ path: '/lottery/bet', ...place, source: 'named' }),
  defineCall({ path: '/lottery/betlist', source: 'named' }),
  defineCall({ path: '/lottery/result', source: 'named' }),
  // Game providers: one entry per call, the provider is a path parameter.
  defineCall({ path: '/games/:provider/LaunchGame', timeout: 'slow' }),
  defineCall({ path: '/games/:provider/GameList' }),
  defineCall({ path: '/games/:provider/launch', timeout: 'slow', source: 'named' }),
  // A round of the launched game page (ours): idempotent per round_id in the simulator.
  defineCall({ path: '/games/:provider/play', timeout: 'slow', source: 'named' }),
] as const satisfies readonly CallDef[];

/** Every call name of the table, as a literal union (`authlogin`, `bet/betsingle`, ...). */
export type CallName = (typeof Calls)[number]['name'];

const byPath = new Map<string, CallDef>(Calls.filter((c) => c.group !== 'games').map((c) => [c.path, c]));
const gamesByCall = new Map<string, CallDef>(
  Calls.filter((c) => c.group === 'games').map((c) => [c.path.slice('/games/:provider/'.length), c]),
);
const byName = new Map<string, CallDef>(Calls.map((c) => [c.name, c]));

/** Provider ids in game paths: short, lower-case-safe tokens (no dots, so no path tricks). */
const PROVIDER = /^[A-Za-z0-9_-]{1,32}$/;

export interface FoundCall {
  readonly call: CallDef;
  /** The provider of a game call. */
  readonly provider?: string;
}

/**
 * The call served at `path` (a query string and one trailing slash are ignored), or undefined.
 * Paths are exact and case sensitive; the gateway strips its `/api` prefix before asking.
 */
export function findCall(path: string): FoundCall | undefined {
  if (typeof path !== 'string' || path.length > 256) return undefined;
  let clean = path.split('?', 1)[0] ?? '';
  if (clean.length > 1 && clean.endsWith('/')) clean = clean.slice(0, -1);
  const exact = byPath.get(clean);
  if (exact) return { call: exact };
  const parts = clean.split('/');
  if (parts.length === 4 && parts[0] === '' && parts[1] === 'games') {
    const provider = parts[2] ?? '';
    const call = gamesByCall.get(parts[3] ?? '');
    if (call && PROVIDER.test(provider)) return { call, provider };
  }
  return undefined;
}

/** The call named `name` (`authlogin`, `bet/betsingle`, `games/:provider/LaunchGame`). */
export function callByName(name: string): CallDef | undefined {
  return typeof name === 'string' ? byName.get(name) : undefined;
}

/** The concrete path of a game call for one provider. */
export function gameCallPath(provider: string, call: 'LaunchGame' | 'GameList' | 'launch' | 'play'): string {
  return `/games/${provider}/${call}`;
}
