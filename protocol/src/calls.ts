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

export interface CallDef {
  readonly name: string;
  readonly group: CallGroup;
  readonly path: string;
  /** Only one such request per account at a time; a second gets `requestProcessing`. */
  readonly oneAtATime?: boolean;
  readonly lock?: CallLock;
  /** Places a bet or cash-out: the body carries an idempotency key, a retry never debits twice. */
  readonly betPlacement?: boolean;
  /**
   * The idempotency key (`request_id`) may be left out: then the call is forwarded without the
   * gateway's dedupe and the upstream's own rule decides (a second room join is memberJoinedBefore).
   */
  readonly keyOptional?: boolean;
  readonly timeoutClass: TimeoutClass;
  /** spec: the path name is in SPEC section 7; named: the spec describes the call, we chose the path. */
  readonly source: 'spec' | 'named';
}

type Opts = Partial<Pick<CallDef, 'lock' | 'betPlacement' | 'keyOptional' | 'source'>> & {
  timeout?: TimeoutClass;
};

function def(group: CallGroup, call: string, opts: Opts = {}): CallDef {
  const path = group === 'base' ? `/${call}` : `/${group}/${call}`;
  return {
    name: path.slice(1),
    group,
    path,
    ...(opts.lock ? { oneAtATime: true, lock: opts.lock } : {}),
    ...(opts.betPlacement ? { betPlacement: true } : {}),
    ...(opts.keyOptional ? { keyOptional: true } : {}),
    timeoutClass: opts.timeout ?? 'normal',
    source: opts.source ?? 'spec',
  };
}

const fast = { timeout: 'fast' } as const;
const slow = { timeout: 'slow' } as const;
const place = { betPlacement: true, timeout: 'slow' } as const;
/** Tournament charges and points bets: idempotent by `request_id` when the body has one (issue 14). */
const roomPlace = { betPlacement: true, keyOptional: true, timeout: 'slow' } as const;

/** Game result variants (SPEC: "gameresult variants (...)"); the names are ours. */
const gameResultVariants = [
  'tournament',
  'tournamentrefund',
  'sportsbook',
  'adjustment',
  'esports2',
  'esports2detail',
  'slots',
  'livecasino',
  'lottery',
  'summarysportsbook',
];

export const Calls: readonly CallDef[] = [
  // Base host.
  def('base', 'authlogin', { lock: 'login', timeout: 'fast' }),
  def('base', 'switchlogin', { lock: 'login', timeout: 'fast' }),
  def('base', 'userlogin', { lock: 'login', timeout: 'fast' }),
  def('base', 'securelogin', { lock: 'login', timeout: 'fast' }),
  def('base', 'userbalance', { lock: 'balance', timeout: 'fast' }),
  def('base', 'vuserbalance', { lock: 'balance', timeout: 'fast' }),
  def('base', 'userprofile', { lock: 'reload', timeout: 'fast' }),
  def('base', 'changepassword', fast),
  def('base', 'addsecondary', fast),
  def('base', 'usersettings', { lock: 'settings', timeout: 'fast' }),
  def('base', 'version', fast),
  def('base', 'dailystatement', slow),
  def('base', 'platformwinlose', slow),
  def('base', 'settlementhistory', slow),
  ...gameResultVariants.map((v) => def('base', `gameresult${v}`, { timeout: 'slow', source: 'named' })),
  def('base', 'membervalidatetournament'),
  def('base', 'cancelledbetlist'),
  def('base', 'cancelledbetlistlottery'),
  def('base', 'announcelist'),
  def('base', 'marqueelist', fast),
  def('base', 'personallist'),
  def('base', 'personalunread', fast),
  def('base', 'matchresult', slow),
  def('base', 'singlematchresult'),
  def('base', 'parlaymatchresult'),
  def('base', 'parlaybetdetails'),
  // The base-host betsysparlay family lists system parlays (info/sysparlay); /bet/betsysparlay places one.
  def('base', 'betsysparlay'),
  def('base', 'betsysparlaymatch'),
  def('base', 'betsysparlaybet'),
  def('base', 'eventlist'),
  def('base', 'standinglist'),
  def('base', 'standingresult'),
  def('base', 'bracketlist'),
  def('base', 'highlightleague'),
  def('base', 'highlightlist'),
  def('base', 'getlogo', fast),
  def('base', 'livetv2'),
  def('base', 'livetvlist'),
  def('base', 'radarlist'),
  def('base', 'livematchlist'),
  // The /esports2 lobby's live series, maps and rounds (issue 18; ours).
  def('base', 'esports2live', { timeout: 'fast', source: 'named' }),
  // Odds host.
  def('odds', 'uxmenu', fast),
  def('odds', 'uxmarket', fast),
  def('odds', 'uxmatch', fast),
  def('odds', 'uxmatch2', fast),
  // Bets.
  def('bet', 'betcheck', fast),
  def('bet', 'betcheckspecial', fast),
  def('bet', 'betcheckmultispecial', fast),
  def('bet', 'betsingle', place),
  def('bet', 'betsinglespecial', place),
  def('bet', 'betparlay', place),
  def('bet', 'betsysparlay', place),
  // Virtual variants (SPEC: "virtual variants prefixed vbet"); the Myanmar ones are named in the spec.
  def('bet', 'vbetcheck', { timeout: 'fast', source: 'named' }),
  def('bet', 'vbetsingle', { ...place, source: 'named' }),
  def('bet', 'vbetparlay', { ...place, source: 'named' }),
  // betmmoclick prices a Myanmar selection when clicked (like betcheck); it places nothing.
  def('bet', 'betmmoclick', fast),
  def('bet', 'betsinglemmo', place),
  def('bet', 'betparlaymmo', place),
  def('bet', 'vbetsinglemmo', place),
  def('bet', 'vbetparlaymmo', place),
  def('bet', 'betacceptlist'),
  def('bet', 'betrejectlist'),
  def('bet', 'pendingbetlist', fast),
  def('bet', 'betacceptfulllist', slow),
  def('bet', 'betrejectfulllist', slow),
  def('bet', 'cashoutcheck', fast),
  def('bet', 'cashout', place),
  def('bet', 'dbetlist'),
  def('bet', 'dbetlistcancel'),
  def('bet', 'parlayacceptdetails', { source: 'named' }),
  def('bet', 'parlaypendingdetails', { source: 'named' }),
  def('bet', 'parlayrejectdetails', { source: 'named' }),
  // Tournament.
  def('tournament', 'roomlist'),
  def('tournament', 'roomleaguelist'),
  def('tournament', 'roommatchlist'),
  def('tournament', 'matchlookup'),
  def('tournament', 'roomcreate', roomPlace),
  def('tournament', 'roomjoin', roomPlace),
  // Leaving a room before it starts (fee refunded): not in the spec, ours (issue 14).
  def('tournament', 'roomleave', { ...roomPlace, source: 'named' }),
  def('tournament', 'vroomcreate', roomPlace),
  def('tournament', 'vroomjoin', roomPlace),
  def('tournament', 'memberbetlist'),
  def('tournament', 'betresultlist'),
  def('tournament', 'betresultfinal'),
  def('tournament', 'bet', roomPlace),
  def('tournament', 'betplus', roomPlace),
  def('tournament', 'roomrank'),
  def('tournament', 'roominfo'),
  // Number game and virtual results (issue 18; base host, the names are ours).
  def('base', 'ngdrawlist', { ...fast, source: 'named' }),
  def('base', 'ngbet', { ...place, source: 'named' }),
  def('base', 'ngbetlist', { source: 'named' }),
  def('base', 'gameresultnumbergame', { source: 'named' }),
  def('base', 'vresult', { ...fast, source: 'named' }),
  // 4D lottery (issue 16; the paths under /lottery are ours, SPEC names only the base-host lists).
  def('lottery', 'drawlist', { ...fast, source: 'named' }),
  def('lottery', 'betcheck', { ...fast, source: 'named' }),
  def('lottery', 'bet', { ...place, source: 'named' }),
  def('lottery', 'betlist', { source: 'named' }),
  def('lottery', 'result', { source: 'named' }),
  // Game providers: one entry per call, the provider is a path parameter.
  {
    name: 'games/:provider/LaunchGame',
    group: 'games',
    path: '/games/:provider/LaunchGame',
    timeoutClass: 'slow',
    source: 'spec',
  },
  {
    name: 'games/:provider/GameList',
    group: 'games',
    path: '/games/:provider/GameList',
    timeoutClass: 'normal',
    source: 'spec',
  },
  {
    name: 'games/:provider/launch',
    group: 'games',
    path: '/games/:provider/launch',
    timeoutClass: 'slow',
    source: 'named',
  },
  // A round of the launched game page (issue 15; ours): idempotent per round_id in the simulator.
  {
    name: 'games/:provider/play',
    group: 'games',
    path: '/games/:provider/play',
    timeoutClass: 'slow',
    source: 'named',
  },
];

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
