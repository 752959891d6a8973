/**
 * Calls of the history pages (settled bets, statement lines, win/loss, own system parlays), over
 * the typed client; replies are checked against protocol's reply schemas by api.ts.
 */
import type { PlatformWinLoseRow, SysParlayTicket } from '@sportsbook/protocol';
import type { ApiClient } from '../../shared/api.ts';
import type { Auth, Outcome } from '../../shared/result.ts';
import type { BetLegView, BetView } from '../betslip/types.ts';

const PageSize = 100;
type Range = { readonly start: string; readonly end: string };

/** Settled bets (won, halves, lost, draw, cashed out) and voided ones (void, refund, abandoned, rejected). */
export async function fetchSettled(api: ApiClient, auth: Auth, range: Range): Promise<Outcome<BetView[]>> {
  const dates = { start_date: range.start, end_date: range.end, page_size: PageSize };
  const [settled, voided] = await Promise.all([
    api.call('settlementhistory', { ...auth, ...dates }),
    api.call('bet/betrejectfulllist', { ...auth, ...dates }),
  ]);
  if (!settled.ok) return settled;
  if (!voided.ok) return voided;
  const items = [
    ...settled.value.data.items,
    ...voided.value.data.items.filter((b) => b.status !== 'rejected'),
  ];
  items.sort((a, b) => (b.settled_time ?? b.transaction_time) - (a.settled_time ?? a.transaction_time));
  return { ok: true, value: items };
}

/** A settled parlay or system bet with each leg's result and score. */
export async function fetchBetDetails(api: ApiClient, auth: Auth, betId: string): Promise<Outcome<BetView>> {
  const r = await api.call('parlaybetdetails', { ...auth, bet_id: betId });
  return r.ok ? { ok: true, value: r.value.data } : r;
}

export async function fetchWinLose(
  api: ApiClient,
  auth: Auth,
  range: Range,
): Promise<Outcome<PlatformWinLoseRow[]>> {
  const r = await api.call('platformwinlose', { ...auth, start_date: range.start, end_date: range.end });
  return r.ok ? { ok: true, value: r.value.data } : r;
}

/** The member's own system parlays, newest first. */
export async function fetchSystemParlays(api: ApiClient, auth: Auth): Promise<Outcome<BetView[]>> {
  const r = await api.call('betsysparlay', { ...auth });
  return r.ok ? { ok: true, value: [...r.value.data].reverse() } : r;
}

/** A system parlay's selections with each one's result and score (betsysparlaymatch). */
export async function fetchSystemLegs(
  api: ApiClient,
  auth: Auth,
  betId: string,
): Promise<Outcome<BetLegView[]>> {
  const r = await api.call('betsysparlaymatch', { ...auth, bet_id: betId });
  return r.ok ? { ok: true, value: r.value.data } : r;
}

export async function fetchSystemTickets(
  api: ApiClient,
  auth: Auth,
  betId: string,
): Promise<Outcome<SysParlayTicket[]>> {
  const r = await api.call('betsysparlaybet', { ...auth, bet_id: betId });
  return r.ok ? { ok: true, value: r.value.data } : r;
}
