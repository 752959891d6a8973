/**
 * The info pages' calls through the gateway (`POST /api/<call>`, bodies of protocol's
 * schemas/info.ts and schemas/bet.ts; replies checked against their reply schemas by api.ts).
 */
import {
  isLanguage,
  type MatchResultRow,
  type PromoEventRow,
  type StatementDay as StatementDayRow,
} from '@sportsbook/protocol';
import type { ApiClient } from '../../shared/api.ts';
import { type Auth, mapOutcome, type Outcome } from '../../shared/result.ts';
import type { BetView } from '../betslip/types.ts';

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
  const r = await api.call(BetListTabs[tab], { ...auth, page_size: 100 });
  return r.ok ? { ok: true, value: r.value.data } : r;
}

const DetailCall = {
  running: 'bet/parlayacceptdetails',
  waiting: 'bet/parlaypendingdetails',
  rejected: 'bet/parlayrejectdetails',
} as const satisfies Record<BetListTab, string>;

/** A parlay with its legs (each leg's result and score once known). */
export async function fetchParlayDetails(
  api: ApiClient,
  auth: Auth,
  tab: BetListTab,
  betId: string,
): Promise<Outcome<BetView>> {
  const r = await api.call(DetailCall[tab], { ...auth, bet_id: betId });
  return r.ok ? { ok: true, value: r.value.data } : r;
}

export interface CashOutQuote {
  readonly betId: string;
  readonly quoteId: string;
  /** Major units, as quoted. */
  readonly value: number;
}

export async function cashOutCheck(
  api: ApiClient,
  auth: Auth,
  betId: string,
): Promise<Outcome<CashOutQuote>> {
  const r = await api.call('bet/cashoutcheck', { ...auth, bet_id: betId });
  if (!r.ok) return r;
  const { bet_id, quote_id, cashout_value } = r.value.data;
  return { ok: true, value: { betId: bet_id, quoteId: quote_id, value: cashout_value } };
}

/** The cashed-out bet; rejections carry a catalogue code: cashoutPriceChanged, cashoutExpired, cashoutUnavailable... */
export type CashOutResult = Outcome<BetView>;

/** Executes a quote; `requestId` is the idempotency key (a retry never cashes out twice). */
export async function cashOut(
  api: ApiClient,
  auth: Auth,
  quote: CashOutQuote,
  requestId: string,
): Promise<CashOutResult> {
  const body = { ...auth, request_id: requestId, bet_id: quote.betId, quote_id: quote.quoteId };
  const r = await api.call('bet/cashout', body);
  return mapOutcome(r, (reply) => reply.data);
}

/**
 * The statement rows of a date range (see money.ts readStatement) and the account's currency; each
 * day carries its lines (history.ts readLines), which StatementLines shows.
 */
export async function fetchStatement(
  api: ApiClient,
  auth: Auth,
  startDate: string,
  endDate: string,
): Promise<Outcome<{ data: StatementDayRow[]; currency: string | null }>> {
  const r = await api.call('dailystatement', {
    ...auth,
    start_date: startDate,
    end_date: endDate,
    lines: true,
  });
  if (!r.ok) return r;
  return { ok: true, value: { data: r.value.data, currency: r.value.currency ?? null } };
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
  /** SPEC "outright flag": an outright event (`home` names it; no score), `winner` once settled. */
  readonly outright: boolean;
  readonly winner: string | null;
}

export function readResults(rows: readonly MatchResultRow[]): MatchResult[] {
  return rows.map((r) => ({
    matchId: r.match_id,
    sportId: r.sport_id,
    leagueName: r.league_name ?? '',
    home: r.home ?? '',
    away: r.away ?? '',
    kickoff: r.kickoff ?? 0,
    status: r.status ?? 0,
    score: r.outright ? null : (r.score ?? null),
    htScore: r.outright ? null : (r.ht_score ?? null),
    outright: r.outright,
    winner: r.outright ? (r.winner ?? null) : null,
  }));
}

export async function fetchResults(
  api: ApiClient,
  auth: Auth,
  date: string,
  sportId: number | null,
): Promise<Outcome<MatchResult[]>> {
  const r = await api.call('matchresult', {
    ...auth,
    date,
    ...(sportId === null ? {} : { sport_id: sportId }),
  });
  return r.ok ? { ok: true, value: readResults(r.value.data) } : r;
}

/** One promotion of `eventlist` (protocol PromoEventRow), as the /event page shows it. */
export interface PromoEvent {
  readonly id: number;
  readonly kind: string;
  readonly title: string;
  readonly content: string;
  /** UTC ms; `end` null when the upstream sends none. */
  readonly start: number;
  readonly end: number | null;
  readonly running: boolean;
  readonly leagueName: string | null;
  readonly match: { readonly id: number; readonly name: string; readonly kickoff: number | null } | null;
}

/** `eventlist`'s rows to the page's events: running ones first, then by start (stable). */
export function readEvents(rows: readonly PromoEventRow[], now: number): PromoEvent[] {
  return rows
    .map((e): PromoEvent => {
      const start = e.start ?? 0;
      const end = e.end ?? null;
      return {
        id: e.event_id,
        kind: e.kind ?? '',
        title: e.title,
        content: e.content ?? '',
        start,
        end,
        running: e.status !== undefined ? e.status === 1 : start <= now && (end === null || now < end),
        leagueName: e.league_name ?? null,
        match:
          e.match_id !== undefined
            ? { id: e.match_id, name: `${e.home ?? ''} v ${e.away ?? ''}`, kickoff: e.kickoff ?? null }
            : null,
      };
    })
    .sort((a, b) => Number(b.running) - Number(a.running) || a.start - b.start);
}

/** The promotions in the language the page shows (the upstream writes their texts). */
export async function fetchEvents(
  api: ApiClient,
  auth: Auth,
  language: string | undefined,
  now: number,
): Promise<Outcome<PromoEvent[]>> {
  const r = await api.call('eventlist', { ...auth, ...(isLanguage(language) ? { language } : {}) });
  return r.ok ? { ok: true, value: readEvents(r.value.data, now) } : r;
}
