/** Reply shapes: records of the domain -> the spec's JSON (amounts in major units). */
import {
  AccountLimits,
  type BalanceReply,
  isMyanmarBetType,
  type LoginReply,
  parlayTotals,
} from '@sportsbook/protocol';
import { toMajor } from './domain/amounts.ts';
import type { Account, Bet, BetLeg } from './domain/types.ts';
import type { WalletEngine } from './domain/wallet.ts';

/** A login's and userprofile's `member_profile` (protocol's LoginReply). */
export type MemberProfile = NonNullable<LoginReply['member_profile']>;

export function memberProfile(account: Account, token: string, wallet: WalletEngine): MemberProfile {
  const balance = wallet.balance(account.id);
  const c = account.currency;
  return {
    player_info: [
      {
        account_id: account.id,
        session_token: token,
        nickname: account.nickname ?? '',
        has_secondary_account: account.nickname !== null ? 1 : 0,
        operator_type: account.operatorType,
        parent_id: account.parentId ?? '',
        comm_type: account.commType,
        // Ours, not the spec's: lets the client show a suspended (view only) account as such.
        account_state: account.state,
        // Ours: the login before this session's (UTC ms, null on a first login) and when the
        // password expires (set time + AccountLimits.passwordMaxAgeDays), for the account page.
        last_login_time: account.previousLoginAt ?? null,
        password_expiry_time: account.passwordChangedAt + AccountLimits.passwordMaxAgeDays * 86_400_000,
        // Ours: the 4D lottery is disabled for this member (the web hides it without a message).
        ...(account.lotteryDisabled === true ? { lottery_disabled: 1 } : {}),
        // Ours: live casino / mini games disabled for this member (hidden silently).
        ...(account.liveCasinoDisabled === true ? { live_casino_disabled: 1 } : {}),
        ...(account.miniGameDisabled === true ? { mini_game_disabled: 1 } : {}),
      },
    ],
    player_wallet: [
      {
        available_balance: toMajor(balance.available, c),
        cash_balance: toMajor(balance.cash, c),
        frozen_balance: toMajor(balance.frozen, c),
        currency_code: c,
      },
    ],
    player_bet_limit: Object.entries(account.limits).map(([key, limit]) => ({
      sport_type: /^\d+$/.test(key) ? Number(key) : 0,
      bet_type: /^\d+$/.test(key) ? 'all' : key,
      min_bet: toMajor(limit.min_bet, c),
      max_bet: toMajor(limit.max_bet, c),
      max_payout: toMajor(limit.max_payout, c),
    })),
  };
}

export function balanceReply(
  account: Account,
  wallet: WalletEngine,
): Omit<BalanceReply, 'status' | 'statusdesc'> {
  const balance = wallet.balance(account.id);
  const c = account.currency;
  return {
    balance: toMajor(balance.available, c),
    account_balance: toMajor(balance.cash, c),
    outstanding_balance: toMajor(balance.frozen, c),
    retrieve_profile: account.retrieveProfile ? 1 : 0,
  };
}

/** A score on the wire: the two sides' goals as a pair (the schemas' `[number, number]`). */
export const scorePair = (home: number, away: number): [number, number] => [home, away];

/** A leg as bet replies show it (also the tournament's points bets). */
export function legView(leg: BetLeg) {
  return {
    odds_id: leg.oddsId,
    match_id: leg.matchId,
    sport_id: leg.sportId,
    league_id: leg.leagueId,
    home: leg.home,
    away: leg.away,
    bet_type: leg.betType,
    outright: leg.betType === 'OR',
    line: leg.line,
    selection: leg.selection,
    // A Myanmar leg names its row's giver ('H', 'A'; MOU 'O'): selection 0 backs the giver, so the
    // giver says which team the leg backs (protocol pick.ts). Other legs: the row's label of the pick.
    label: isMyanmarBetType(leg.betType) ? (leg.labels?.[0] ?? leg.label) : leg.label,
    price: leg.price,
    body: leg.body,
    live: leg.live,
    kickoff: leg.kickoff,
    result: leg.outcome,
    percent: leg.percent,
    score: leg.score ? scorePair(leg.score.home, leg.score.away) : null,
    ht_score: leg.score ? scorePair(leg.score.htHome, leg.score.htAway) : null,
  };
}

/** A bet as the bet lists and placement replies show it. */
export function betView(bet: Bet) {
  const c = bet.currency;
  const single = bet.legs.length === 1 ? bet.legs[0] : undefined;
  return {
    bet_id: bet.betId,
    ref_no: bet.refNo,
    bet_type:
      bet.kind === 'single' || bet.kind === 'mmoSingle'
        ? (single?.betType ?? '')
        : bet.kind === 'system'
          ? 'SYSPARLAY'
          : 'PARLAY',
    kind: bet.kind,
    status: bet.status,
    reject_reason: bet.rejectReason,
    stake: toMajor(bet.stake, c),
    risk: toMajor(bet.risk, c),
    unit_stake: toMajor(bet.unitStake, c),
    to_win: toMajor(bet.toWin, c),
    payout: toMajor(bet.risk + bet.toWin, c),
    odds: bet.displayOdds,
    odds_type: bet.oddsType,
    currency: c,
    transaction_time: bet.placedAt,
    accepted_time: bet.acceptedAt,
    settled_time: bet.settledAt,
    settled_amount: toMajor(bet.returned, c),
    win_lose:
      bet.settledAt !== null && !['rejected', 'void', 'abandoned'].includes(bet.status)
        ? toMajor(bet.returned - bet.risk, c)
        : 0,
    valid_turnover: toMajor(bet.validTurnover, c),
    commission: toMajor(bet.commission, c),
    cashout_value: bet.cashOut ? toMajor(bet.cashOut.value, c) : null,
    combination: bet.combos ? bet.combos.length : null,
    virtual: bet.virtual,
    legs: bet.legs.map(legView),
    ...(bet.legs.length > 1 ? { totals: totalsView(bet) } : {}),
  };
}

/** Parlay and system placements: SPEC section 3's parlay totals (protocol parlayTotals), major units. */
function totalsView(bet: Bet) {
  const tickets = bet.combos?.length ?? 1;
  const t = parlayTotals({
    tickets,
    unitStake: bet.combos ? bet.unitStake : bet.risk,
    maxPayout: bet.risk + bet.toWin,
    decision: bet.status === 'waiting' ? 'pending' : bet.status === 'rejected' ? 'rejected' : 'accepted',
  });
  const c = bet.currency;
  return {
    total_bet: t.totalBet,
    total_stake: toMajor(t.totalStake, c),
    total_payout: toMajor(t.totalPayout, c),
    total_accept: t.totalAccept,
    total_reject: t.totalReject,
    combination: t.combination,
  };
}

export function page<T>(items: T[], pageNumber = 1, pageSize = 10) {
  const start = (pageNumber - 1) * pageSize;
  return {
    total: items.length,
    page_number: pageNumber,
    page_size: pageSize,
    items: items.slice(start, start + pageSize),
  };
}
