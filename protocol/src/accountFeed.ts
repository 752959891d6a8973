/**
 * The private account topic's model (WIRE.md "Account topic"): `account/<account_id>`,
 * one account's wallet, open bets, unread messages, open 4D and number-game tickets and a cash-out
 * offer per open bet, from the replies of one account poll (the gateway makes the calls with the
 * account's own session), checked and normalized to a keyed model that diffs, hashes and resumes
 * like the odds models. Amounts stay as the upstream sends them (major units).
 *
 * Collections:
 * - `wallet`: `{ main: { balance, cash, outstanding, retrieve_profile } }` (userbalance/vuserbalance).
 * - `bet`: `{ "<bet_id>": AccountBet }`: running (betacceptlist), waiting (pendingbetlist) and
 *   today's void/rejected (betrejectlist) bets, each with its `list` and its `legs` (a parlay's legs).
 * - `totals`: `{ "<bet_id>": ParlayTotalsView }` of parlay and system bets (kept apart: an entity
 *   holds no object fields).
 * - `cashout`: `{ "<bet_id>": { bet_id, value } }`: the current cash-out offer (major units, from
 *   cashoutcheck) of each running bet that has one; a bet without an offer has no entry.
 * - `messages`: `{ unread: { count } }` (personalunread).
 * - `lottery`: `{ "<ticket_id>": LotteryTicket }` open 4D tickets (lottery/betlist).
 * - `numbergame`: `{ "<ticket_id>": NgTicket }` open number-game tickets (ngbetlist).
 */
import type { Parsed } from './market.ts';
import { isOkStatus } from './replies.ts';
import type { LotteryTicket, NgTicket, ParlayTotalsView, PlacedBet } from './schemas/index.ts';
import { validateReply } from './schemas/index.ts';

/** The bet lists of the account topic and the call each comes from. */
export const AccountBetLists = {
  running: 'bet/betacceptlist',
  waiting: 'bet/pendingbetlist',
  rejected: 'bet/betrejectlist',
} as const;
export type AccountBetList = keyof typeof AccountBetLists;

export type AccountBet = Omit<PlacedBet, 'totals'> & { list: AccountBetList };

export interface AccountWallet {
  /** Available balance (major units). */
  balance: number;
  /** Cash balance. */
  cash: number;
  /** Outstanding (frozen) balance. */
  outstanding: number;
  /** The upstream asked the client to reload the profile (SPEC section 4); one-shot upstream. */
  retrieve_profile: boolean;
}

export interface CashOutOffer {
  bet_id: string;
  /** Major units, as cashoutcheck quotes it. */
  value: number;
}

export interface AccountModel {
  wallet: Record<string, AccountWallet>;
  bet: Record<string, AccountBet>;
  totals: Record<string, ParlayTotalsView>;
  cashout: Record<string, CashOutOffer>;
  messages: Record<string, { count: number }>;
  lottery: Record<string, LotteryTicket>;
  numbergame: Record<string, NgTicket>;
}

/** The upstream replies of one account poll (parsed JSON bodies). */
export interface AccountReplies {
  balance: unknown;
  running: unknown;
  waiting: unknown;
  rejected: unknown;
  unread: unknown;
  /** Absent: not asked (the member has no 4D / no mini games). */
  lottery?: unknown;
  numbergame?: unknown;
  /** cashoutcheck replies by bet id (only running singles and parlays are asked). */
  cashout?: Readonly<Record<string, unknown>>;
}

/** Codes that mean "this product is off for the member": an empty list, not a failed poll. */
const ProductOff = new Set(['lotteryDisabled', 'MiniGameDisabled', 'permission_denied']);

/** Bets that may have a cash-out offer (the bet list page's rule). */
export function cashOutCandidate(bet: Pick<PlacedBet, 'status' | 'kind'>): boolean {
  return bet.status === 'running' && (bet.kind === 'single' || bet.kind === 'parlay');
}

function failed(reply: unknown): string {
  const r = reply as { status?: unknown; statusdesc?: unknown } | null;
  return `status ${String(r?.status)} ${String(r?.statusdesc).slice(0, 64)}`;
}

function statusdesc(reply: unknown): string {
  const r = reply as { statusdesc?: unknown } | null;
  return typeof r?.statusdesc === 'string' ? r.statusdesc : '';
}

function page<N extends Parameters<typeof validateReply>[0]>(
  call: N,
  reply: unknown,
  optional: boolean,
): Parsed<{ items: unknown[] }> {
  const checked = validateReply(call, reply);
  if (!checked.ok) return { ok: false, error: `${call}: ${checked.error.message}` };
  const value = checked.value as { status: unknown; data?: { items?: unknown[] } };
  if (!isOkStatus(value.status)) {
    if (optional && ProductOff.has(statusdesc(value))) return { ok: true, value: { items: [] } };
    return { ok: false, error: `${call}: ${failed(value)}` };
  }
  return { ok: true, value: { items: value.data?.items ?? [] } };
}

const flag = (v: unknown) => v === true || v === 1 || v === '1';

/** One account poll's replies -> the account model; any unusable reply fails the whole poll. */
export function normalizeAccount(replies: AccountReplies): Parsed<AccountModel> {
  const model = emptyAccountModel();
  const balance = validateReply('userbalance', replies.balance);
  if (!balance.ok) return { ok: false, error: `userbalance: ${balance.error.message}` };
  const b = balance.value;
  if (!isOkStatus(b.status)) return { ok: false, error: `userbalance: ${failed(b)}` };
  if (typeof b.balance !== 'number' || typeof b.account_balance !== 'number') {
    return { ok: false, error: 'userbalance: amounts missing' };
  }
  model.wallet.main = {
    balance: b.balance,
    cash: b.account_balance,
    outstanding: typeof b.outstanding_balance === 'number' ? b.outstanding_balance : 0,
    retrieve_profile: flag(b.retrieve_profile),
  };
  for (const list of Object.keys(AccountBetLists) as AccountBetList[]) {
    const got = page(AccountBetLists[list], replies[list], false);
    if (!got.ok) return got;
    for (const item of got.value.items as PlacedBet[]) {
      const { totals, ...rest } = item;
      model.bet[item.bet_id] = { ...rest, list };
      if (totals !== undefined) model.totals[item.bet_id] = totals;
    }
  }
  const unread = validateReply('personalunread', replies.unread);
  if (!unread.ok) return { ok: false, error: `personalunread: ${unread.error.message}` };
  if (!isOkStatus(unread.value.status))
    return { ok: false, error: `personalunread: ${failed(unread.value)}` };
  model.messages.unread = { count: (unread.value as { data?: { unread?: number } }).data?.unread ?? 0 };
  if (replies.lottery !== undefined) {
    const got = page('lottery/betlist', replies.lottery, true);
    if (!got.ok) return got;
    for (const t of got.value.items as LotteryTicket[]) model.lottery[t.ticket_id] = t;
  }
  if (replies.numbergame !== undefined) {
    const got = page('ngbetlist', replies.numbergame, true);
    if (!got.ok) return got;
    for (const t of got.value.items as NgTicket[]) model.numbergame[t.ticket_id] = t;
  }
  for (const [betId, reply] of Object.entries(replies.cashout ?? {})) {
    // A bet without an offer now (suspended market, lost leg...) just has none: not a failed poll.
    const quote = validateReply('bet/cashoutcheck', reply);
    if (!quote.ok || !isOkStatus(quote.value.status)) continue;
    const data = (quote.value as { data?: { bet_id: string; cashout_value: number } }).data;
    if (data === undefined || data.bet_id !== betId || model.bet[betId] === undefined) continue;
    model.cashout[betId] = { bet_id: betId, value: data.cashout_value };
  }
  return { ok: true, value: model };
}

export function emptyAccountModel(): AccountModel {
  return { wallet: {}, bet: {}, totals: {}, cashout: {}, messages: {}, lottery: {}, numbergame: {} };
}

/** The bets of one list (or all), newest first, as the bet lists show them (totals put back). */
export function accountBets(model: Partial<AccountModel>, list?: AccountBetList): PlacedBet[] {
  const out: PlacedBet[] = [];
  for (const bet of Object.values(model.bet ?? {})) {
    if (list !== undefined && bet.list !== list) continue;
    const { list: _list, ...rest } = bet;
    const totals = model.totals?.[bet.bet_id];
    out.push(totals === undefined ? rest : { ...rest, totals });
  }
  return out.sort((a, b) => b.transaction_time - a.transaction_time || (a.bet_id < b.bet_id ? 1 : -1));
}

/** Open tickets newest first. */
export function accountTickets<T extends { placed_time: number; ticket_id: string }>(
  tickets: Readonly<Record<string, T>> | undefined,
): T[] {
  return Object.values(tickets ?? {}).sort(
    (a, b) => b.placed_time - a.placed_time || (a.ticket_id < b.ticket_id ? 1 : -1),
  );
}

/** The match ids of the open (running or waiting) bets' unsettled legs: a match end concerns them. */
export function openBetMatchIds(model: Partial<AccountModel>): Set<number> {
  const ids = new Set<number>();
  for (const bet of Object.values(model.bet ?? {})) {
    if (bet.list === 'rejected') continue;
    for (const leg of bet.legs) if (leg.result === null) ids.add(leg.match_id);
  }
  return ids;
}

/** Whether any bet of the model waits for the live-bet decision (the feed then polls quickly). */
export function hasWaitingBet(model: Partial<AccountModel>): boolean {
  for (const bet of Object.values(model.bet ?? {})) if (bet.list === 'waiting') return true;
  return false;
}

/** The canonical account id of a topic name: ids compare case-insensitively (FEED.md "Limits"). */
export function canonicalAccountId(accountId: string): string {
  return accountId.trim().toLowerCase();
}
