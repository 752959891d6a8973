/**
 * Rules over call replies that need no schema: the success test of the envelope and the account of
 * a login. They live apart from the TypeBox schemas (schemas/) so that a bundle using only these
 * (the web's landing page) does not carry the schema builders; schemas/common.ts and
 * schemas/account.ts re-export them.
 */
import { ViewOnlyAccountStates } from './constants.ts';
import type {
  BetLimitFigures,
  LoginReply,
  PlayerBetLimit,
  PlayerBetLimits,
  PlayerInfo,
  PlayerWallet,
} from './schemas/account.ts';

/** `status` is 1 or "1" on success (SPEC section 4); anything else is a failure. */
export function isOkStatus(status: unknown): boolean {
  return status === 1 || status === '1';
}

/** A suspended account may log in to look but not to bet (SPEC: "suspend (view only)"). */
export function isViewOnly(info: Pick<PlayerInfo, 'account_state'>): boolean {
  return (ViewOnlyAccountStates as readonly (string | undefined)[]).includes(info.account_state);
}

/** The 4D lottery is disabled for the member (player_info `lottery_disabled`, ours): hide it silently. */
export function isLotteryDisabled(info: Pick<PlayerInfo, 'lottery_disabled'>): boolean {
  const flag = info.lottery_disabled;
  return flag === true || flag === 1 || flag === '1';
}

/** Live casino (live and table games) is disabled for the member (player_info `live_casino_disabled`, ours). */
export function isLiveCasinoDisabled(info: Pick<PlayerInfo, 'live_casino_disabled'>): boolean {
  const flag = info.live_casino_disabled;
  return flag === true || flag === 1 || flag === '1';
}

/** Mini games are disabled for the member (player_info `mini_game_disabled`, ours): hide them silently. */
export function isMiniGameDisabled(info: Pick<PlayerInfo, 'mini_game_disabled'>): boolean {
  const flag = info.mini_game_disabled;
  return flag === true || flag === 1 || flag === '1';
}

export interface LoggedInAccount {
  readonly info: PlayerInfo;
  readonly wallet: PlayerWallet;
  readonly betLimits: readonly PlayerBetLimit[];
}

/**
 * The account of a successful login (SPEC section 4): status 1 or "1" and a member_profile with
 * player_info, player_wallet and player_bet_limit; the first info and wallet are used. Null means
 * the login failed and the client clears the account.
 */
export function accountFromLogin(reply: LoginReply): LoggedInAccount | null {
  if (!isOkStatus(reply.status) || !reply.member_profile) return null;
  const { player_info, player_wallet, player_bet_limit } = reply.member_profile;
  const info = player_info[0];
  const wallet = player_wallet[0];
  if (!info || !wallet) return null;
  return { info, wallet, betLimits: normalizeBetLimits(player_bet_limit) };
}

function isFigures(value: unknown): value is BetLimitFigures {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return typeof v.min_bet === 'number' && typeof v.max_bet === 'number' && typeof v.max_payout === 'number';
}

const SportKey = /^[0-9]{1,9}$/;

function entryOf(sport: number | string, category: string, figures: BetLimitFigures): PlayerBetLimit {
  return {
    sport_type: sport,
    bet_type: category,
    min_bet: figures.min_bet,
    max_bet: figures.max_bet,
    max_payout: figures.max_payout,
  };
}

/**
 * player_bet_limit in the one form the clients read (SPEC section 3: "keyed by sport/bet
 * category"): a list of `{ sport_type, bet_type, min_bet, max_bet, max_payout }`.
 * - The list form is kept as it is.
 * - Flat keyed `{ "<key>": limit }`: a sport id key (digits) is that sport's limit for every bet
 *   (`sport_type` the number, `bet_type: 'all'`); any other key is a category (`parlay`, `mmo`,
 *   `default`...) for every sport (`sport_type: 0`, `bet_type` the key).
 * - By sport then category `{ "<sport>": { "<category>": limit } }`: `sport_type` the sport key
 *   (a number when it is digits), `bet_type` the category key.
 * Entries that are not limits are left out; the order is the object's key order.
 */
export function normalizeBetLimits(raw: PlayerBetLimits | null | undefined): PlayerBetLimit[] {
  if (Array.isArray(raw)) return raw.filter(isFigures) as PlayerBetLimit[];
  if (typeof raw !== 'object' || raw === null) return [];
  const out: PlayerBetLimit[] = [];
  for (const [key, value] of Object.entries(raw)) {
    const sport = SportKey.test(key) ? Number(key) : key;
    if (isFigures(value)) {
      out.push(typeof sport === 'number' ? entryOf(sport, 'all', value) : entryOf(0, key, value));
    } else if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [category, figures] of Object.entries(value)) {
        if (isFigures(figures)) out.push(entryOf(sport, category, figures));
      }
    }
  }
  return out;
}
