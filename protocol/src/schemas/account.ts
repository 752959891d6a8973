/**
 * Account calls (SPEC sections 3, 4 and 7): login, token launch, switch account, profile reload,
 * balance, settings, change password, nickname. Field names are the spec's where it gives them;
 * the ones marked "ours" are listed in protocol/CALLS.md.
 */

import type { Static } from 'typebox';
import Type from 'typebox';
import { AccountLimits } from '../constants.ts';
import {
  AccountId,
  AuthFields,
  Closed,
  EnvelopeFields,
  Flag,
  Id,
  LanguageCode,
  MoneyAmount,
  SessionToken,
  ShortText,
} from './common.ts';

// ---- requests ---------------------------------------------------------------------------------

/** The login rule is only "required" (SPEC section 5); the length rule applies to new passwords. */
const LoginPassword = Type.String({ minLength: 1, maxLength: 64 });

/** authlogin, switchlogin and userlogin. `signature` (ours) carries the optional signing-key signature. */
export const LoginRequest = Type.Object(
  {
    account_id: AccountId,
    password: LoginPassword,
    signature: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
  },
  Closed,
);
export type LoginRequest = Static<typeof LoginRequest>;

/** securelogin: launch with a token. */
export const TokenLoginRequest = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 2048 }) },
  Closed,
);
export type TokenLoginRequest = Static<typeof TokenLoginRequest>;

/** userprofile (profile reload) and every call that needs only the session. */
export const ProfileRequest = Type.Object(AuthFields, Closed);
export type ProfileRequest = Static<typeof ProfileRequest>;

/** userbalance / vuserbalance (the latter for operator_type 2). */
export const BalanceRequest = Type.Object({ ...AuthFields, parent_id: Id }, Closed);
export type BalanceRequest = Static<typeof BalanceRequest>;

const SmallInt = Type.Integer({ minimum: 0, maximum: 1000 });
const Amount = Type.Number({ minimum: 0, maximum: 1e12 });
/** A sport, league or day number of the menu state. */
const LayoutId = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** Layout preference fields a player may save (SPEC section 3: pageDisplay, betting, the board's menu state). */
export const SettingsFields = {
  language: Type.Optional(LanguageCode),
  oddsType: Type.Optional(Type.Integer({ minimum: 1, maximum: 5 })),
  pageType: Type.Optional(SmallInt),
  showScoreMap: Type.Optional(Type.Boolean()),
  showQuickOdds: Type.Optional(Type.Boolean()),
  eventSorting: Type.Optional(SmallInt),
  marketType: Type.Optional(SmallInt),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  mmoType: Type.Optional(SmallInt),
  defaultStake: Type.Optional(SmallInt),
  acceptBetterOdds: Type.Optional(Type.Boolean()),
  acceptAnyOdds: Type.Optional(Type.Boolean()),
  autoRefreshOdds: Type.Optional(Type.Boolean()),
  quickBet: Type.Optional(Type.Boolean()),
  defaultStakeAmount: Type.Optional(Amount),
  quickBetAmount: Type.Optional(Amount),
  // The menu state the board applies (web/src/features/account/layout.ts says what each
  // means): stored upstream too, so a new login in another browser finds the board as it was left.
  menu0: Type.Optional(Type.String({ maxLength: 16 })),
  menu1: Type.Optional(Type.String({ maxLength: 16 })),
  menu2: Type.Optional(LayoutId),
  menu3: Type.Optional(Type.String({ maxLength: 16 })),
  selectedDays: Type.Optional(Type.Array(LayoutId, { maxItems: 31 })),
  selectedLeagues: Type.Optional(Type.Array(LayoutId, { maxItems: 500 })),
  favorites: Type.Optional(Type.Array(LayoutId, { maxItems: 500 })),
  sportsOrder: Type.Optional(Type.Array(LayoutId, { maxItems: 200 })),
  minimizer: Type.Optional(
    Type.Object({ header: Type.Boolean(), sidebar: Type.Boolean(), asidebar: Type.Boolean() }, Closed),
  ),
};

/** usersettings: the settings fields plus account_id and session_token (SPEC section 7). */
export const SettingsRequest = Type.Object({ ...AuthFields, ...SettingsFields }, Closed);
export type SettingsRequest = Static<typeof SettingsRequest>;

const NewPassword = Type.String({
  minLength: AccountLimits.minPasswordLength,
  maxLength: AccountLimits.maxPasswordLength,
});

/** changepassword. Field names are ours. Confirm equality and "new differs" are checked by
 * validateChangePassword (validation.ts), which the simulator also runs. */
export const ChangePasswordRequest = Type.Object(
  {
    ...AuthFields,
    old_password: LoginPassword,
    new_password: NewPassword,
    confirm_password: NewPassword,
  },
  Closed,
);
export type ChangePasswordRequest = Static<typeof ChangePasswordRequest>;

/** addsecondary: set the nickname once (6-15 ASCII letters or digits). */
export const AddSecondaryRequest = Type.Object(
  {
    ...AuthFields,
    nickname: Type.String({
      pattern: `^[A-Za-z0-9]{${AccountLimits.minNicknameLength},${AccountLimits.maxNicknameLength}}$`,
    }),
  },
  Closed,
);
export type AddSecondaryRequest = Static<typeof AddSecondaryRequest>;

// ---- replies ----------------------------------------------------------------------------------

/** player_info (SPEC section 3). */
export const PlayerInfo = Type.Object({
  account_id: AccountId,
  session_token: SessionToken,
  nickname: ShortText,
  has_secondary_account: Flag,
  /** 2 uses the separate balance call (vuserbalance). */
  operator_type: Type.Integer({ minimum: 0, maximum: 1000 }),
  parent_id: Id,
  comm_type: Type.Union([Type.Integer(), Type.String({ maxLength: 16 })]),
  /**
   * Our extension (protocol/CALLS.md): the account's state, 'active' or 'suspend' (view only: may
   * log in and look, may not bet) for accounts that can log in. Absent from upstreams that do not
   * send it; the client then treats the account as active.
   */
  account_state: Type.Optional(Type.String({ maxLength: 16 })),
  /** Ours (CALLS.md): the previous login, UTC ms; null on a first login. SPEC section 3 "last login". */
  last_login_time: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
  /** Ours (CALLS.md): when the password expires, UTC ms. SPEC section 3 "password expiry". */
  password_expiry_time: Type.Optional(Type.Union([Type.Number({ minimum: 0 }), Type.Null()])),
  /** Ours (CALLS.md): 1 when the 4D lottery is disabled for the member (its calls answer lotteryDisabled). */
  lottery_disabled: Type.Optional(Flag),
  /** Ours (CALLS.md): 1 when live casino (live and table games) is disabled (liveCasinoDisabled). */
  live_casino_disabled: Type.Optional(Flag),
  /** Ours (CALLS.md): 1 when mini games are disabled for the member (MiniGameDisabled). */
  mini_game_disabled: Type.Optional(Flag),
});
export type PlayerInfo = Static<typeof PlayerInfo>;

/** player_wallet (SPEC section 3), amounts in major units. */
export const PlayerWallet = Type.Object({
  available_balance: MoneyAmount,
  cash_balance: MoneyAmount,
  frozen_balance: MoneyAmount,
  currency_code: Type.String({ minLength: 3, maxLength: 8 }),
});
export type PlayerWallet = Static<typeof PlayerWallet>;

/** One player_bet_limit entry, keyed by sport (sport_type) and bet category (bet_type, ours). */
export const PlayerBetLimit = Type.Object({
  sport_type: Id,
  bet_type: Type.Optional(Type.String({ maxLength: 32 })),
  min_bet: MoneyAmount,
  max_bet: MoneyAmount,
  max_payout: MoneyAmount,
});
export type PlayerBetLimit = Static<typeof PlayerBetLimit>;

/** The figures of one limit in a keyed player_bet_limit (the key says what it applies to). */
export const BetLimitFigures = Type.Object({
  min_bet: MoneyAmount,
  max_bet: MoneyAmount,
  max_payout: MoneyAmount,
});
export type BetLimitFigures = Static<typeof BetLimitFigures>;

const LimitKey = Type.String({ minLength: 1, maxLength: 64 });

/**
 * player_bet_limit keyed by sport / bet category (SPEC section 3): either flat, `{ "1": limit,
 * "parlay": limit, "default": limit }` (a sport id, or a category), or by sport then category,
 * `{ "1": { "all": limit, "HDP": limit } }`. protocol's `normalizeBetLimits` (replies.ts) turns
 * either into the list form.
 */
export const KeyedBetLimits = Type.Record(
  LimitKey,
  Type.Union([BetLimitFigures, Type.Record(LimitKey, BetLimitFigures, { maxProperties: 200 })]),
  { maxProperties: 2000 },
);
export type KeyedBetLimits = Static<typeof KeyedBetLimits>;

/** player_bet_limit as an upstream may send it: the list (the simulator's) or keyed. */
export const PlayerBetLimits = Type.Union([Type.Array(PlayerBetLimit, { maxItems: 2000 }), KeyedBetLimits]);
export type PlayerBetLimits = Static<typeof PlayerBetLimits>;

export const MemberProfile = Type.Object({
  player_info: Type.Array(PlayerInfo, { maxItems: 16 }),
  player_wallet: Type.Array(PlayerWallet, { maxItems: 16 }),
  player_bet_limit: PlayerBetLimits,
});
export type MemberProfile = Static<typeof MemberProfile>;

/** Reply of authlogin, switchlogin, userlogin, securelogin and userprofile. */
export const LoginReply = Type.Object({ ...EnvelopeFields, member_profile: Type.Optional(MemberProfile) });
export type LoginReply = Static<typeof LoginReply>;

/** Reply of userbalance / vuserbalance; amounts absent on failure. */
export const BalanceReply = Type.Object({
  ...EnvelopeFields,
  balance: Type.Optional(MoneyAmount),
  /** Cash. */
  account_balance: Type.Optional(MoneyAmount),
  /** Frozen. */
  outstanding_balance: Type.Optional(MoneyAmount),
  /** Set: the client reloads the profile (SPEC section 4). */
  retrieve_profile: Type.Optional(Flag),
});
export type BalanceReply = Static<typeof BalanceReply>;

/** Reply of usersettings, changepassword and addsecondary. */
export const StatusReply = Type.Object(EnvelopeFields);
export type StatusReply = Static<typeof StatusReply>;

/**
 * Reply of usersettings: the envelope and, ours (CALLS.md), the member's saved `settings` (the same
 * flat fields as the request). A body with only account_id and session_token reads them: the
 * client loads them at login, and the server's settings win over the browser's.
 */
export const SettingsReply = Type.Object({
  ...EnvelopeFields,
  settings: Type.Optional(
    Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 200 }),
  ),
});
export type SettingsReply = Static<typeof SettingsReply>;

// isViewOnly, LoggedInAccount and accountFromLogin live in ../replies.ts (no schemas there).
export {
  accountFromLogin,
  isLiveCasinoDisabled,
  isLotteryDisabled,
  isMiniGameDisabled,
  isViewOnly,
  type LoggedInAccount,
  normalizeBetLimits,
} from '../replies.ts';
