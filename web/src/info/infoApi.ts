/**
 * The info pages' calls through the gateway (`POST /api/<call>`, bodies of protocol's
 * schemas/info.ts and schemas/bet.ts), with replies read from `unknown`.
 */
import type { ApiClient } from '../api/client.ts';
import { readBet, readBetPage } from '../betslip/betApi.ts';
import type { BetView } from '../betslip/types.ts';

export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: string };
export type Auth = { readonly account_id: string; readonly session_token: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The three lists of the bet list page (SPEC: outstanding, waiting, void/rejected). */
export const BetListTabs = {
  running: 'bet/betacceptlist',
  waiting: 'bet/pendingbetlist',
  rejected: 'bet/betrejectlist',
} as const;
export type BetListTab = keyof typeof BetListTabs;

export async function fetchBets(
  api: ApiClient,
  auth: Auth,
  tab: BetListTab,
): Promise<Outcome<{ total: number; items: BetView[] }>> {
  const r = await api.call<{ data?: unknown }>(BetListTabs[tab], { ...auth, page_size: 100 });
  return r.ok ? { ok: true, value: readBetPage(r.data.data) } : r;
}

const DetailCall: Record<BetListTab, string> = {
  running: 'bet/parlayacceptdetails',
  waiting: 'bet/parlaypendingdetails',
  rejected: 'bet/parlayrejectdetails',
};

/** A parlay with its legs (each leg's result and score once known). */
export async function fetchParlayDetails(
  api: ApiClient,
  auth: Auth,
  tab: BetListTab,
  betId: string,
): Promise<Outcome<BetView>> {
  const r = await api.call<{ data?: unknown }>(DetailCall[tab], { ...auth, bet_id: betId });
  if (!r.ok) return r;
  const bet = readBet(r.data.data);
  return bet ? { ok: true, value: bet } : { ok: false, code: 'systemError' };
}

export interface CashOutQuote {
  readonly betId: string;
  readonly quoteId: string;
  /** Major units, as quoted. */
  readonly value: number;
}

function readQuote(data: unknown): CashOutQuote | null {
  if (!isRecord(data)) return null;
  const { bet_id, quote_id, cashout_value } = data;
  if (typeof bet_id !== 'string' || typeof quote_id !== 'string' || typeof cashout_value !== 'number')
    return null;
  return { betId: bet_id, quoteId: quote_id, value: cashout_value };
}

export async function cashOutCheck(
  api: ApiClient,
  auth: Auth,
  betId: string,
): Promise<Outcome<CashOutQuote>> {
  const r = await api.call<{ data?: unknown }>('bet/cashoutcheck', { ...auth, bet_id: betId });
  if (!r.ok) return r;
  const quote = readQuote(r.data.data);
  return quote ? { ok: true, value: quote } : { ok: false, code: 'systemError' };
}

/** Rejections carry a catalogue code: cashoutPriceChanged, cashoutExpired, cashoutUnavailable... */
export type CashOutResult =
  | { readonly ok: true; readonly bet: BetView }
  | { readonly ok: false; readonly code: string };

/** Executes a quote; `requestId` is the idempotency key (a retry never cashes out twice). */
export async function cashOut(
  api: ApiClient,
  auth: Auth,
  quote: CashOutQuote,
  requestId: string,
): Promise<CashOutResult> {
  const body = { ...auth, request_id: requestId, bet_id: quote.betId, quote_id: quote.quoteId };
  const r = await api.call<{ data?: unknown }>('bet/cashout', body);
  if (r.ok) {
    const bet = readBet(r.data.data);
    return bet ? { ok: true, bet } : { ok: false, code: 'systemError' };
  }
  return { ok: false, code: r.code };
}

/** The statement rows of a date range (see money.ts readStatement). */
export async function fetchStatement(
  api: ApiClient,
  auth: Auth,
  startDate: string,
  endDate: string,
): Promise<Outcome<{ data: unknown; currency: string | null }>> {
  const r = await api.call<{ data?: unknown; currency?: unknown }>('dailystatement', {
    ...auth,
    start_date: startDate,
    end_date: endDate,
  });
  if (!r.ok) return r;
  return {
    ok: true,
    value: { data: r.data.data, currency: typeof r.data.currency === 'string' ? r.data.currency : null },
  };
}

export interface MatchResult {
  readonly matchId: number;
  readonly sportId: number;
  readonly leagueName: string;
  readonly home: string;
  readonly away: string;
  readonly kickoff: number;
  /** SPEC match status: 0 live/pending, 1 completed, 2 cancelled, 5 suspended. */
  readonly status: number;
  readonly score: readonly [number, number] | null;
  readonly htScore: readonly [number, number] | null;
}

const pair = (v: unknown): readonly [number, number] | null =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'number' && typeof v[1] === 'number'
    ? [v[0], v[1]]
    : null;

export function readResults(data: unknown): MatchResult[] {
  if (!Array.isArray(data)) return [];
  const out: MatchResult[] = [];
  for (const r of data) {
    if (!isRecord(r) || typeof r.match_id !== 'number' || typeof r.sport_id !== 'number') continue;
    out.push({
      matchId: r.match_id,
      sportId: r.sport_id,
      leagueName: typeof r.league_name === 'string' ? r.league_name : '',
      home: typeof r.home === 'string' ? r.home : '',
      away: typeof r.away === 'string' ? r.away : '',
      kickoff: typeof r.kickoff === 'number' ? r.kickoff : 0,
      status: typeof r.status === 'number' ? r.status : 0,
      score: pair(r.score),
      htScore: pair(r.ht_score),
    });
  }
  return out;
}

export async function fetchResults(
  api: ApiClient,
  auth: Auth,
  date: string,
  sportId: number | null,
): Promise<Outcome<MatchResult[]>> {
  const r = await api.call<{ data?: unknown }>('matchresult', {
    ...auth,
    date,
    ...(sportId === null ? {} : { sport_id: sportId }),
  });
  return r.ok ? { ok: true, value: readResults(r.data.data) } : r;
}

export interface PromoEvent {
  readonly id: number;
  readonly title: string;
  readonly start: number;
}

export async function fetchEvents(api: ApiClient, auth: Auth): Promise<Outcome<PromoEvent[]>> {
  const r = await api.call<{ data?: unknown }>('eventlist', { ...auth });
  if (!r.ok) return r;
  const rows = Array.isArray(r.data.data) ? r.data.data : [];
  return {
    ok: true,
    value: rows.flatMap((e) =>
      isRecord(e) && typeof e.event_id === 'number' && typeof e.title === 'string'
        ? [{ id: e.event_id, title: e.title, start: typeof e.start === 'number' ? e.start : 0 }]
        : [],
    ),
  };
}
