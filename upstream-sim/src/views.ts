/** Reply shapes: records of the domain -> the spec's JSON (amounts in major units). */
import { toMajor } from './domain/amounts.ts';
import type { Account, Bet, BetLeg } from './domain/types.ts';
import type { WalletEngine } from './domain/wallet.ts';

export function memberProfile(account: Account, token: string, wallet: WalletEngine) {
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

export function balanceReply(account: Account, wallet: WalletEngine) {
  const balance = wallet.balance(account.id);
  const c = account.currency;
  return {
    balance: toMajor(balance.available, c),
    account_balance: toMajor(balance.cash, c),
    outstanding_balance: toMajor(balance.frozen, c),
    retrieve_profile: account.retrieveProfile ? 1 : 0,
  };
}

function legView(leg: BetLeg) {
  return {
    odds_id: leg.oddsId,
    match_id: leg.matchId,
    sport_id: leg.sportId,
    league_id: leg.leagueId,
    home: leg.home,
    away: leg.away,
    bet_type: leg.betType,
    line: leg.line,
    selection: leg.selection,
    label: leg.label,
    price: leg.price,
    body: leg.body,
    live: leg.live,
    kickoff: leg.kickoff,
    result: leg.outcome,
    percent: leg.percent,
    score: leg.score ? [leg.score.home, leg.score.away] : null,
    ht_score: leg.score ? [leg.score.htHome, leg.score.htAway] : null,
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
      bet.settledAt !== null && bet.status !== 'rejected' && bet.status !== 'void'
        ? toMajor(bet.returned - bet.risk, c)
        : 0,
    valid_turnover: toMajor(bet.validTurnover, c),
    commission: toMajor(bet.commission, c),
    cashout_value: bet.cashOut ? toMajor(bet.cashOut.value, c) : null,
    combination: bet.combos ? bet.combos.length : null,
    virtual: bet.virtual,
    legs: bet.legs.map(legView),
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
