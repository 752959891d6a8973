/**
 * Business constants and limits (SPEC section 9, plus the other numbers scattered through the
 * spec). One module so that validation, the simulator, the gateway and the web client agree.
 * Const objects with union types of the same name; no enums.
 */

import { DefaultOddsType, OddsType } from './odds.ts';

/** Tournament rooms (SPEC sections 5 and 9). The fee is in whole currency units. */
export const TournamentLimits = {
  minEntryFee: 10,
  maxEntryFee: 1000,
  minPlayers: 3,
  maxPlayers: 30,
  pinLength: 6,
  minMatches: 3,
  /** The spec leaves the maximum to configuration; this is the value used when none is given. */
  defaultMaxMatches: 10,
  /** Seconds between room list/rank refreshes. */
  refreshIntervalSeconds: 60,
  tourSteps: 10,
} as const;

/** Account rules (SPEC sections 4, 5 and 9). Lengths count Unicode code points. */
export const AccountLimits = {
  minPasswordLength: 6,
  maxPasswordLength: 10,
  minNicknameLength: 6,
  maxNicknameLength: 15,
  /** A login id is at most this many characters (the request schemas' AccountId). */
  maxLoginIdLength: 64,
  loginRetryWaitMs: 60_000,
  /** A password expires this many days after it was set (ours: the spec names the expiry, not the term). */
  passwordMaxAgeDays: 90,
} as const;

/** Parlay sizes (SPEC section 9; DOMAIN.md "Parlays and system parlays"). */
export const ParlayLimits = {
  minSelections: 2,
  maxSelections: 12,
  minLiveSelections: 3,
  minMyanmarSelections: 2,
  maxMyanmarSelections: 10,
  /** Above this many selections a system parlay offers only the full size. */
  fullSizeOnlyAbove: 10,
} as const;

/** Paging, refresh and board sizes (SPEC section 9). */
export const PagingDefaults = {
  pageSize: 10,
  matchesPerPage: 30,
  otherTypeMaxItems: 4,
} as const;

/** Default request interval; a mode multiplies it (SPEC section 9: "multiplied by a mode factor"). */
export const RequestInterval = {
  defaultMs: 1000,
} as const;

/**
 * Poll interval factors per market group. The spec says only "multiplied by a mode factor"; these
 * factors are ours: in-play odds move fastest, early markets barely move.
 */
export const RequestIntervalFactor = { live: 1, today: 5, early: 10, outright: 30 } as const;
export type RequestIntervalMode = keyof typeof RequestIntervalFactor;

/** The request interval for a mode, in ms. */
export function requestIntervalMs(mode: RequestIntervalMode): number {
  return RequestInterval.defaultMs * RequestIntervalFactor[mode];
}

/* Excluded sport ids 22 and 33 (SPEC section 9) live with the sport table: rows.ts ExcludedSportIds. */

/** Interface languages (SPEC section 1). `tw` is the code of the Khmer-labelled option, as in the spec. */
export const Language = {
  en: 'en',
  zhCN: 'zh-CN',
  tw: 'tw',
  vi: 'vi',
  th: 'th',
  id: 'id',
  my: 'my',
  ja: 'ja',
  ko: 'ko',
} as const;
export type Language = (typeof Language)[keyof typeof Language];
export const Languages: readonly Language[] = Object.values(Language);
export const DefaultLanguage: Language = Language.en;

/** The label each language option shows in its own list (tw is labelled Khmer in the product). */
export const LanguageLabel: Readonly<Record<Language, string>> = {
  en: 'English',
  'zh-CN': '简体中文',
  tw: 'ភាសាខ្មែរ',
  vi: 'Tiếng Việt',
  th: 'ไทย',
  id: 'Bahasa Indonesia',
  my: 'မြန်မာ',
  ja: '日本語',
  ko: '한국어',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (Languages as readonly string[]).includes(value);
}

/*
 * Odds types 1 MY, 2 HK, 3 ID, 4 DEC, 5 Myanmar (default MY, SPEC section 1) are defined once in
 * odds.ts (`OddsType`, `DefaultOddsType`) with the conversions; they are not repeated here.
 */

/**
 * Currencies with their minor-unit digits (ISO 4217). IDR and MMK have 2 minor digits in ISO but
 * no coin in use; we keep ISO so that amounts from upstream with decimals round the same way.
 * MMO is the product's own code for the Myanmar mode currency (not ISO); it follows MMK.
 */
export const CurrencyInfo = {
  CNY: { code: 'CNY', minorDigits: 2 },
  IDR: { code: 'IDR', minorDigits: 2 },
  THB: { code: 'THB', minorDigits: 2 },
  MYR: { code: 'MYR', minorDigits: 2 },
  USD: { code: 'USD', minorDigits: 2 },
  SGD: { code: 'SGD', minorDigits: 2 },
  MMK: { code: 'MMK', minorDigits: 2 },
  MMO: { code: 'MMO', minorDigits: 2 },
} as const;
export type CurrencyCode = keyof typeof CurrencyInfo;
export const CurrencyCodes = Object.keys(CurrencyInfo) as CurrencyCode[];
export const DefaultCurrency: CurrencyCode = 'MYR';
/** SPEC section 1: the Myanmar odds/parlay mode applies only to MMK and MMO. */
export const MyanmarCurrencies: readonly CurrencyCode[] = ['MMK', 'MMO'];

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.hasOwn(CurrencyInfo, value);
}

/**
 * Minor digits of a currency (CurrencyInfo); a code not in the table has 2 (the ISO default and the
 * digits of every currency we list). Use with toMinorUnits / fromMinorUnits (money.ts).
 */
export function currencyDigits(currency: string): number {
  return isCurrencyCode(currency) ? CurrencyInfo[currency].minorDigits : 2;
}

export function isMyanmarCurrency(value: unknown): boolean {
  return isCurrencyCode(value) && MyanmarCurrencies.includes(value);
}

/** Tournament room status (SPEC section 4). */
export const RoomStatus = {
  open: 'A',
  active: '0',
  closed: '1',
  cancelled: '2',
  ended: '3',
  stopBetting: '4',
} as const;
export type RoomStatus = (typeof RoomStatus)[keyof typeof RoomStatus];

/** Tournament room type (SPEC section 4). Free rooms: once per member and once per IP. */
export const RoomType = { public: 1, private: 2, free: 3 } as const;
export type RoomType = (typeof RoomType)[keyof typeof RoomType];

/** Bet states (SPEC section 4). */
export const BetState = {
  running: 'running',
  waiting: 'waiting',
  void: 'void',
  rejected: 'rejected',
  won: 'won',
  wonHalf: 'wonHalf',
  lost: 'lost',
  loseHalf: 'loseHalf',
  draw: 'draw',
  refund: 'refund',
  abandoned: 'abandoned',
} as const;
export type BetState = (typeof BetState)[keyof typeof BetState];

/** Bet lists (SPEC section 4) and the states each shows. */
export const BetList = {
  accepted: ['running'],
  pending: ['waiting'],
  rejectedVoid: ['rejected', 'void', 'abandoned', 'refund'],
} as const satisfies Record<string, readonly BetState[]>;
export type BetList = keyof typeof BetList;

/** Account states (SPEC section 4/6): close, block and freeze restrict; suspend is view only. */
export const AccountState = {
  active: 'active',
  close: 'close',
  block: 'block',
  freeze: 'freeze',
  suspend: 'suspend',
  inactive: 'inactive',
} as const;
export type AccountState = (typeof AccountState)[keyof typeof AccountState];

/** States in which the account may still look at its data but not bet: the one source of isViewOnly (schemas/account.ts). */
export const ViewOnlyAccountStates: readonly AccountState[] = ['suspend'];

/** Time filter modes (SPEC section 4; windows in filters.ts). */
export const TimeFilter = {
  all: 0,
  next2h: 9,
  next4h: 1,
  next8h: 2,
  untilMidnight: 3,
  midnightTo4: 4,
  fourToNoon: 5,
} as const;
export type TimeFilter = (typeof TimeFilter)[keyof typeof TimeFilter];

/** League filter modes (SPEC section 4; leagueVisible in filters.ts). */
export const LeagueFilter = { mainOrSpecial: 1, mainOnly: 2, otherOnly: 3 } as const;
export type LeagueFilter = (typeof LeagueFilter)[keyof typeof LeagueFilter];

/** Display time zone (SPEC section 1). Malaysia has had no DST since 1982: fixed +08:00. */
export const DisplayTimeZone = 'Asia/Kuala_Lumpur';
export const DisplayUtcOffsetMs = 8 * 3_600_000;

/** Default stake mode (SPEC section 9 "default stake mode 3"); the modes' meanings are not shown. */
export const DefaultStakeMode = 3;

/** Layout preferences: pageDisplay defaults (SPEC section 3). Values not given by the spec are ours. */
export const DefaultPageDisplay = {
  language: DefaultLanguage,
  oddsType: OddsType[DefaultOddsType],
  pageType: 1,
  showScoreMap: true,
  showQuickOdds: true,
  eventSorting: 0,
  marketType: 0,
  pageSize: PagingDefaults.pageSize,
  mmoType: 0,
} as const;

/**
 * Betting preference defaults (SPEC sections 3 and 9).
 * acceptBetterOdds: the spec reads both ways ("one reading lists better odds as accepted by default;
 * the other gives false"). We take false, the explicit value of section 9's defaults list, so that
 * no price a player did not see is accepted without their opt-in.
 */
export const DefaultBetting = {
  defaultStake: DefaultStakeMode,
  acceptBetterOdds: false,
  acceptAnyOdds: false,
  autoRefreshOdds: true,
  quickBet: false,
  defaultStakeAmount: 0,
  quickBetAmount: 0,
} as const;

/** Menu state defaults (SPEC section 3): the board opens on all / today / sport 1 / hdp-ou. */
export const DefaultMenu = {
  menu0: 'all',
  menu1: 'today',
  menu2: 1,
  menu3: 'hdpou',
} as const;

/**
 * The rest of the menu state a new member starts with (SPEC section 3): no days, leagues,
 * favourites or sport order chosen, every panel shown. The server's default settings and the web's
 * default layout both start from it; a new copy each call (callers change the lists).
 */
export function defaultMenuLists(): {
  selectedDays: number[];
  selectedLeagues: number[];
  favorites: number[];
  sportsOrder: number[];
  minimizer: { header: boolean; sidebar: boolean; asidebar: boolean };
} {
  return {
    selectedDays: [],
    selectedLeagues: [],
    favorites: [],
    sportsOrder: [],
    minimizer: { header: false, sidebar: false, asidebar: false },
  };
}

/** Browser storage keys (SPEC section 9: user account with remember-me; layout). Names are ours. */
export const StorageKey = {
  account: 'sportsbook.account',
  layout: 'sportsbook.layout',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

/** Pop-up window sizes (SPEC section 2). */
export const PopupSize = {
  info: { width: 1000, height: 970 },
  other: { width: 1280, height: 720 },
} as const;
