/**
 * The bet host's calls the slip and the bet list make (`POST /api/bet/<call>`, bodies of
 * protocol/src/schemas/bet.ts), with replies read from `unknown`. Placement bodies carry
 * `request_id`, the idempotency key: a retried key gets the first reply and never debits twice.
 */
import { OddsType } from '@sportsbook/protocol';
import type { ApiClient } from '../api/client.ts';
import { isMyanmarSelection, toMajor, toMinor } from './rules.ts';
import type { BetView, Limits, Selection, SlipAccount, SlipMode } from './types.ts';

export type Outcome<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly code: string };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** A bet from a reply, when it has the fields the web relies on. */
export function readBet(value: unknown): BetView | null {
  if (!isRecord(value)) return null;
  if (typeof value.bet_id !== 'string' || typeof value.status !== 'string' || !Array.isArray(value.legs))
    return null;
  if (num(value.stake) === null || num(value.risk) === null) return null;
  return value as unknown as BetView;
}

export function readBetPage(value: unknown): { total: number; items: BetView[] } {
  if (!isRecord(value) || !Array.isArray(value.items)) return { total: 0, items: [] };
  const items = value.items.map(readBet).filter((b): b is BetView => b !== null);
  return { total: num(value.total) ?? items.length, items };
}

/** The quote of one pick from betcheck / betmmoclick. */
export interface CheckedPick {
  readonly oddsId: string;
  readonly price: number;
  readonly line: number | string | null;
  readonly limits: Limits;
}

export interface CheckInput {
  readonly account: SlipAccount;
  readonly selections: readonly Selection[];
}

/** Checks every pick (betcheck, or betmmoclick for Myanmar rows); the first failure wins. */
export async function checkPicks(
  api: ApiClient,
  input: CheckInput,
  signal?: AbortSignal,
): Promise<Outcome<CheckedPick[]> & { oddsId?: string }> {
  const { account } = input;
  const picks: CheckedPick[] = [];
  for (const s of input.selections) {
    const myanmar = isMyanmarSelection(s);
    const body = myanmar
      ? { ...account.auth, odds_id: s.oddsId, selection: s.selection }
      : {
          ...account.auth,
          odds_id: s.oddsId,
          selection: s.selection,
          odds_type: OddsType[account.oddsFormat],
        };
    const result = await api.call<{ data?: unknown }>(myanmar ? 'bet/betmmoclick' : 'bet/betcheck', body, {
      ...(signal ? { signal } : {}),
    });
    if (!result.ok) return { ok: false, code: result.code, oddsId: s.oddsId };
    const data = result.data.data;
    if (!isRecord(data)) return { ok: false, code: 'systemError', oddsId: s.oddsId };
    const minBet = num(data.min_bet);
    const maxBet = num(data.max_bet);
    const maxPayout = num(data.max_payout);
    if (minBet === null || maxBet === null || maxPayout === null)
      return { ok: false, code: 'systemError', oddsId: s.oddsId };
    const line = myanmar
      ? typeof data.body === 'string'
        ? data.body
        : s.line
      : ((data.line as number | null) ?? null);
    picks.push({
      oddsId: s.oddsId,
      price: myanmar ? 0 : (num(data.price) ?? s.price),
      line,
      limits: {
        minBet: toMinor(minBet, account.currency),
        maxBet: toMinor(maxBet, account.currency),
        maxPayout: toMinor(maxPayout, account.currency),
      },
    });
  }
  return { ok: true, value: picks };
}

export interface PlaceInput {
  readonly account: SlipAccount;
  readonly mode: SlipMode;
  readonly selections: readonly Selection[];
  /** Minor units: the ticket stake (a system parlay: per ticket). */
  readonly stake: number;
  readonly sizes: readonly number[] | null;
  readonly acceptBetterOdds: boolean;
  readonly acceptAnyOdds: boolean;
  readonly requestId: string;
}

/** The call and body of a placement. */
export function placement(input: PlaceInput): { call: string; body: Record<string, unknown> } {
  const { account, selections } = input;
  const stake = toMajor(input.stake, account.currency);
  const base = { ...account.auth, request_id: input.requestId, stake };
  const myanmar = selections.some(isMyanmarSelection);
  const accept = {
    accept_better_odds: input.acceptBetterOdds,
    accept_any_odds: input.acceptAnyOdds,
  };
  const leg = (s: Selection) => ({
    odds_id: s.oddsId,
    selection: s.selection,
    price: s.price,
    ...(typeof s.line === 'number' || s.line === null ? { line: s.line } : {}),
  });
  const mmoLeg = (s: Selection) => ({ odds_id: s.oddsId, selection: s.selection, body: String(s.line) });
  if (myanmar) {
    const first = selections[0] as Selection;
    return input.mode === 'single'
      ? {
          call: 'bet/betsinglemmo',
          body: { ...base, ...mmoLeg(first), accept_any_odds: input.acceptAnyOdds },
        }
      : {
          call: 'bet/betparlaymmo',
          body: { ...base, selections: selections.map(mmoLeg), accept_any_odds: input.acceptAnyOdds },
        };
  }
  if (input.mode === 'single') {
    const first = selections[0] as Selection;
    return {
      call: 'bet/betsingle',
      body: { ...base, ...leg(first), odds_type: OddsType[account.oddsFormat], ...accept },
    };
  }
  if (input.mode === 'parlay')
    return { call: 'bet/betparlay', body: { ...base, selections: selections.map(leg), ...accept } };
  return {
    call: 'bet/betsysparlay',
    body: {
      ...base,
      selections: selections.map(leg),
      ...(input.sizes ? { sizes: [...input.sizes] } : {}),
      ...accept,
    },
  };
}

export async function placeBet(
  api: ApiClient,
  input: PlaceInput,
  signal?: AbortSignal,
): Promise<Outcome<BetView>> {
  const { call, body } = placement(input);
  const result = await api.call<{ data?: unknown }>(call, body, { ...(signal ? { signal } : {}) });
  if (!result.ok) return result;
  const bet = readBet(result.data.data);
  return bet ? { ok: true, value: bet } : { ok: false, code: 'systemError' };
}

type Auth = SlipAccount['auth'];

export async function betList(
  api: ApiClient,
  call: 'bet/betacceptlist' | 'bet/pendingbetlist' | 'bet/betrejectlist',
  auth: Auth,
  signal?: AbortSignal,
): Promise<Outcome<{ total: number; items: BetView[] }>> {
  const result = await api.call<{ data?: unknown }>(
    call,
    { ...auth, page_size: 100 },
    { ...(signal ? { signal } : {}) },
  );
  return result.ok ? { ok: true, value: readBetPage(result.data.data) } : result;
}

function abortableDelay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Follows a waiting (live) bet until the upstream decides it: it leaves the pending list and shows
 * up as running (accepted) or in the reject list. Polls every `pollMs` while the state is active.
 */
export async function awaitDecision(
  api: ApiClient,
  auth: Auth,
  betId: string,
  pollMs: number,
  signal?: AbortSignal,
): Promise<Outcome<BetView>> {
  for (;;) {
    const pending = await betList(api, 'bet/pendingbetlist', auth, signal);
    if (!pending.ok) return pending;
    if (!pending.value.items.some((b) => b.bet_id === betId)) {
      for (const call of ['bet/betacceptlist', 'bet/betrejectlist'] as const) {
        const list = await betList(api, call, auth, signal);
        if (!list.ok) return list;
        const found = list.value.items.find((b) => b.bet_id === betId);
        if (found) return { ok: true, value: found };
      }
      // Settled at once (a fast clock): neither list holds it any more.
      return { ok: false, code: 'betNotExists' };
    }
    await abortableDelay(pollMs, signal);
  }
}
