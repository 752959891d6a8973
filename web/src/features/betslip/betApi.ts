/**
 * The bet host's calls the slip and the bet list make (`POST /api/bet/<call>`, bodies of
 * protocol/src/schemas/bet.ts, replies checked against its reply schemas by api.ts). Placement bodies
 * carry `request_id`, the idempotency key: a retried key gets the first reply and never debits twice.
 */
import {
  type BetParlayBody,
  type BetParlayMmoBody,
  type BetSingleBody,
  type BetSingleMmoBody,
  type BetSysParlayBody,
  type CallName,
  err,
  isVirtualSport,
  OddsType,
  type RequestOf,
} from '@sportsbook/protocol';
import type { ApiClient, ApiResult, ReplyOf } from '../../shared/api.ts';
import { toMajor, toMinor } from '../../shared/money.ts';
import { type Auth, failure, type Outcome } from '../../shared/result.ts';
import { isMyanmarSelection } from './rules.ts';
import type { BetView, Limits, Selection, SlipAccount, SlipMode } from './types.ts';

/**
 * A slip call's Outcome; a stake refused for a moved limit says the stake offered (`stakeTo`, minor
 * units), a refused check says which pick (`oddsId`).
 */
export type SlipOutcome<T> = Outcome<T, { readonly stakeTo?: number; readonly oddsId?: string }>;

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

function limitsOf(data: { min_bet: number; max_bet: number; max_payout: number }, currency: string): Limits {
  return {
    minBet: toMinor(data.min_bet, currency),
    maxBet: toMinor(data.max_bet, currency),
    maxPayout: toMinor(data.max_payout, currency),
  };
}

/** One pick's quote: betcheck, or betmmoclick for a Myanmar row (its body replaces the price). */
async function checkPick(
  api: ApiClient,
  account: SlipAccount,
  s: Selection,
  signal?: AbortSignal,
): Promise<SlipOutcome<CheckedPick>> {
  const pick = { ...account.auth, odds_id: s.oddsId, selection: s.selection };
  if (isMyanmarSelection(s)) {
    const r = await api.call('bet/betmmoclick', pick, { signal });
    if (!r.ok) return r;
    const { data } = r.value;
    const line = typeof data.body === 'string' ? data.body : s.line;
    return {
      ok: true,
      value: { oddsId: s.oddsId, price: 0, line, limits: limitsOf(data, account.currency) },
    };
  }
  // Virtual events are quoted and placed by the vbet* calls only; outrights (specials,
  // SPEC's special markets) by the special calls only.
  const call = isVirtualSport(s.sportId)
    ? 'bet/vbetcheck'
    : isSpecialSelection(s)
      ? 'bet/betcheckspecial'
      : 'bet/betcheck';
  const r = await api.call(call, { ...pick, odds_type: OddsType[account.oddsFormat] }, { signal });
  if (!r.ok) return r;
  const { data } = r.value;
  return {
    ok: true,
    value: { oddsId: s.oddsId, price: data.price, line: data.line, limits: limitsOf(data, account.currency) },
  };
}

/** Checks every pick (betcheck, or betmmoclick for Myanmar rows); the first failure wins. */
export async function checkPicks(
  api: ApiClient,
  input: CheckInput,
  signal?: AbortSignal,
): Promise<SlipOutcome<CheckedPick[]>> {
  const picks: CheckedPick[] = [];
  for (const s of input.selections) {
    const checked = await checkPick(api, input.account, s, signal);
    if (!checked.ok) return err({ code: checked.error.code, oddsId: s.oddsId });
    picks.push(checked.value);
  }
  return { ok: true, value: picks };
}

/**
 * A special: an outright pick (bet type OR). The upstream quotes and places specials through
 * betcheckspecial / betsinglespecial only and refuses them on the plain calls (protocol CALLS.md
 * "Special calls"); outrights are not open to parlays, so a special is always a single.
 */
export function isSpecialSelection(s: Pick<Selection, 'betType'>): boolean {
  return s.betType === 'OR';
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

/** The call and body of a placement (each call with its own body type). */
export type Placement =
  | {
      readonly call: 'bet/betsingle' | 'bet/vbetsingle' | 'bet/betsinglespecial';
      readonly body: BetSingleBody;
    }
  | { readonly call: 'bet/betparlay' | 'bet/vbetparlay'; readonly body: BetParlayBody }
  | { readonly call: 'bet/betsysparlay'; readonly body: BetSysParlayBody }
  | { readonly call: 'bet/betsinglemmo'; readonly body: BetSingleMmoBody }
  | { readonly call: 'bet/betparlaymmo'; readonly body: BetParlayMmoBody };

export function placement(input: PlaceInput): Placement {
  const { account, selections } = input;
  const stake = toMajor(input.stake, account.currency);
  const base = { ...account.auth, request_id: input.requestId, stake };
  const myanmar = selections.some(isMyanmarSelection);
  // A slip of virtual events goes through the vbet* variants; the upstream refuses a mix.
  const v = selections.length > 0 && selections.every((s) => isVirtualSport(s.sportId));
  const accept = {
    accept_better_odds: input.acceptBetterOdds,
    accept_any_odds: input.acceptAnyOdds,
  };
  const leg = (s: Selection) => ({
    odds_id: s.oddsId,
    selection: s.selection,
    price: s.price,
    ...(typeof s.line === 'number' || s.line === null ? { line: s.line } : {}),
    // The ticket's market (in play or pre-match): a match that kicked off since answers marketTypeChanged.
    live: s.live,
    // The row's own label (a CS score): a row relabelled by a goal answers marketTypeChanged.
    ...(typeof s.rowLabel === 'string' && s.rowLabel !== '' ? { label: s.rowLabel } : {}),
  });
  const mmoLeg = (s: Selection) => ({ odds_id: s.oddsId, selection: s.selection, body: String(s.line) });
  // Myanmar rows exist for real matches only (virtual events have none), so the upstream's
  // vbetsinglemmo / vbetparlaymmo are never the web's call.
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
      call: v ? 'bet/vbetsingle' : isSpecialSelection(first) ? 'bet/betsinglespecial' : 'bet/betsingle',
      body: { ...base, ...leg(first), odds_type: OddsType[account.oddsFormat], ...accept },
    };
  }
  if (input.mode === 'parlay')
    return {
      call: v ? 'bet/vbetparlay' : 'bet/betparlay',
      body: { ...base, selections: selections.map(leg), ...accept },
    };
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

/** Sends one call of a union of calls with its own body (the call names the body's type). */
function send<N extends CallName>(
  api: ApiClient,
  request: { readonly call: N; readonly body: RequestOf<N> },
  signal?: AbortSignal,
): Promise<ApiResult<ReplyOf<N>>> {
  return api.call(request.call, request.body, { signal });
}

export async function placeBet(
  api: ApiClient,
  input: PlaceInput,
  signal?: AbortSignal,
): Promise<SlipOutcome<BetView>> {
  const result = await send(api, placement(input), signal);
  if (result.ok) return { ok: true, value: result.value.data };
  const { code, reply } = result.error;
  const stakeTo = adjustedStake(code, reply, input.account.currency);
  return err(stakeTo === null ? { code } : { code, stakeTo });
}

/**
 * changeStakeMin / changeStakeMax: the upstream adjusted the stake to the limit it offers now and
 * says which (`min_bet` / `max_bet` in major units on the failed reply); null for any other code.
 */
export function adjustedStake(
  code: string,
  reply: Readonly<Record<string, unknown>> | undefined,
  currency: string,
): number | null {
  const field = code === 'changeStakeMin' ? 'min_bet' : code === 'changeStakeMax' ? 'max_bet' : null;
  const value = field === null ? undefined : reply?.[field];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? toMinor(value, currency) : null;
}

export async function betList(
  api: ApiClient,
  call: 'bet/betacceptlist' | 'bet/pendingbetlist' | 'bet/betrejectlist',
  auth: Auth,
  signal?: AbortSignal,
): Promise<SlipOutcome<{ total: number; items: BetView[] }>> {
  const result = await api.call(call, { ...auth, page_size: 100 }, { signal });
  return result.ok ? { ok: true, value: result.value.data } : result;
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
): Promise<SlipOutcome<BetView>> {
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
      return failure('betNotExists');
    }
    await abortableDelay(pollMs, signal);
  }
}
