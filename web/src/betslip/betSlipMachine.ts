/**
 * The bet slip (DESIGN.md "The web client"; SPEC sections 3, 8, 9): single, mix parlay, system
 * parlay and Myanmar bets. Flow: select -> betcheck -> (confirm) -> place with an idempotency key
 * -> waiting (live bets) -> accepted or rejected. While open, the slip watches its picks on the
 * odds stream (`oddsWatch`): a moved price re-quotes with `oddsIsUpdating`, a suspended or stale
 * market locks placing. Every failure code goes through the catalogue (`uiActionFor`) and is
 * emitted as `notify`; `marketTypeChanged` removes the slip. A placed bet emits `balance.refresh`.
 */
import { DefaultBetting, DefaultStakeMode, type UiAction, uiActionFor } from '@sportsbook/protocol';
import { EMPTY, map, type Observable } from 'rxjs';
import { assign, emit, fromEventObservable, fromPromise, setup } from 'xstate';
import { type ApiClient, api as defaultApi } from '../api/client.ts';
import { awaitDecision, type CheckedPick, checkPicks, type Outcome, placeBet } from './betApi.ts';
import {
  limitsFor,
  lockOf,
  parseStake,
  quoteMoved,
  selectionProblem,
  slipFigures,
  stakeProblem,
} from './rules.ts';
import type { BetView, Limits, LiveQuote, Selection, SlipAccount, SlipMode } from './types.ts';

/**
 * Default stake modes (SPEC section 9 "default stake mode 3"; the spec does not name the modes, so
 * these are ours): 1 an empty stake, 2 the last stake placed, 3 the preferred amount
 * (`defaultStakeAmount`, empty when 0).
 */
export const StakeMode = { empty: 1, last: 2, preferred: 3 } as const;

export interface BetSlipInput {
  account: SlipAccount;
  betting?: {
    defaultStake?: number;
    defaultStakeAmount?: number;
    acceptBetterOdds?: boolean;
    acceptAnyOdds?: boolean;
    quickBet?: boolean;
    quickBetAmount?: number;
  };
}

export interface BetSlipContext {
  account: SlipAccount;
  mode: SlipMode;
  selections: Selection[];
  /** Stream state of each pick, by odds id. */
  quotes: Record<string, LiveQuote>;
  /** The stake as typed (major units text). */
  stake: string;
  /** System parlay sizes; null = every size the rules offer. */
  sizes: number[] | null;
  /** Limits of the last betcheck (singles), minor units. */
  checked: Limits | null;
  acceptBetterOdds: boolean;
  acceptAnyOdds: boolean;
  quickBet: boolean;
  quickBetAmount: number;
  defaultStakeMode: number;
  defaultStakeAmount: number;
  lastStake: string;
  /** A moved price is being re-quoted: placing waits (code oddsIsUpdating). */
  oddsIsUpdating: boolean;
  /** The idempotency key of the placement in flight (kept for a retry). */
  requestId: string | null;
  /** The key to use for a quick bet placed right after its check. */
  quickRequestId: string | null;
  bet: BetView | null;
  /** The last code shown on the slip (a rejection, a limit, a lock). */
  error: string | null;
}

export type BetSlipEvent =
  | { type: 'bet.select'; selection: Selection; requestId?: string }
  | { type: 'bet.remove'; oddsId: string }
  | { type: 'bet.clear' }
  | { type: 'bet.mode.change'; mode: SlipMode }
  | { type: 'bet.stake.change'; stake: string }
  | { type: 'bet.sizes.change'; sizes: number[] | null }
  | { type: 'bet.accept.change'; acceptBetterOdds?: boolean; acceptAnyOdds?: boolean }
  | { type: 'bet.submit' }
  | { type: 'bet.confirm'; requestId: string }
  | { type: 'bet.cancel' }
  | { type: 'bet.retry' }
  | { type: 'bet.keep' }
  | { type: 'odds.update'; quote: LiveQuote }
  /** The account changed (view-only state, session token, limits): the slip uses it from now on. */
  | { type: 'account.change'; account: SlipAccount };

export type BetSlipEmitted =
  | { type: 'notify'; code: string; action: UiAction }
  | { type: 'balance.refresh' }
  | { type: 'bet.placed'; bet: BetView };

/** Codes after which the same request may be sent again with the same key. */
const RetryCodes = new Set([
  'requestFailed',
  'requestTimeout',
  'requestProcessing',
  'requestPending',
  'timeoutError',
]);
/** Codes that say a pick's market is gone or closed: the pick is locked until it comes back. */
const MarketCodes = new Set([
  'marketSuspended',
  'matchEnded',
  'matchHide',
  'matchNotActive',
  'invalidOdds',
  '308',
  '311',
  '313',
  '314',
  '318',
  '328',
  '340',
]);

export interface BetSlipDeps {
  api: ApiClient;
  /** Stream quotes of the picks (one `LiveQuote` per change); EMPTY without a stream. */
  watch: (selections: readonly Selection[]) => Observable<LiveQuote>;
  /** How often a waiting bet is looked up. */
  decisionPollMs?: number;
}

export function betSlipActors(deps: BetSlipDeps) {
  return {
    betCheck: fromPromise<
      Outcome<CheckedPick[]> & { oddsId?: string },
      { account: SlipAccount; selections: Selection[] }
    >(({ input, signal }) => checkPicks(deps.api, input, signal)),
    placeBet: fromPromise<Outcome<BetView>, Parameters<typeof placeBet>[1]>(({ input, signal }) =>
      placeBet(deps.api, input, signal),
    ),
    betDecision: fromPromise<Outcome<BetView>, { auth: SlipAccount['auth']; betId: string }>(
      ({ input, signal }) =>
        awaitDecision(deps.api, input.auth, input.betId, deps.decisionPollMs ?? 1000, signal),
    ),
    oddsWatch: fromEventObservable<{ type: 'odds.update'; quote: LiveQuote }, { selections: Selection[] }>(
      ({ input }) =>
        deps.watch(input.selections).pipe(map((quote) => ({ type: 'odds.update' as const, quote }))),
    ),
  };
}

function initialStake(
  context: Pick<BetSlipContext, 'defaultStakeMode' | 'defaultStakeAmount' | 'lastStake'>,
): string {
  if (context.defaultStakeMode === StakeMode.last) return context.lastStake;
  if (context.defaultStakeMode === StakeMode.preferred && context.defaultStakeAmount > 0)
    return String(context.defaultStakeAmount);
  return '';
}

/** Adds a pick: a single keeps one; a parlay keeps one pick per match (the newer replaces). */
function addSelection(context: BetSlipContext, selection: Selection): Selection[] {
  if (context.mode === 'single') return [selection];
  const same = context.selections.findIndex(
    (s) => s.oddsId === selection.oddsId && s.selection === selection.selection,
  );
  if (same >= 0) return context.selections.filter((_, i) => i !== same);
  return [...context.selections.filter((s) => s.matchId !== selection.matchId), selection];
}

/** Why placing is not possible now (a catalogue code), or null. */
export function placeProblem(context: BetSlipContext): string | null {
  // A view-only (suspended) account never places, whatever the UI lets through.
  if (context.account.viewOnly === true) return 'suspend';
  const selection = selectionProblem(context.mode, context.selections);
  if (selection) return selection;
  const lock = lockOf(context.quotes, context.selections);
  if (lock) return 'marketSuspended';
  if (context.oddsIsUpdating) return 'oddsIsUpdating';
  const stake = parseStake(context.stake, context.account.currency);
  if (stake === null || stake === 0) return 'betLowerMin';
  const figures = slipFigures(
    context.mode,
    context.selections,
    stake,
    context.account.oddsFormat,
    context.sizes,
  );
  return stakeProblem(figures, limitsFor(context.account, context.mode, context.selections, context.checked));
}

const notifyOf = (code: string): BetSlipEmitted => ({
  type: 'notify',
  code,
  action: uiActionFor(code, { loggedIn: true, callerWantsDialog: true }),
});

export const betSlipMachine = setup({
  types: {
    context: {} as BetSlipContext,
    events: {} as BetSlipEvent,
    input: {} as BetSlipInput,
    emitted: {} as BetSlipEmitted,
  },
  actors: betSlipActors({ api: defaultApi, watch: () => EMPTY }),
  guards: {
    slipEmptyAfterRemove: ({ context, event }) =>
      event.type === 'bet.remove' && context.selections.every((s) => s.oddsId === event.oddsId),
    canPlace: ({ context }) => placeProblem(context) === null,
    /** A retry places again: not for an account that became view-only meanwhile. */
    canRetry: ({ context }) => context.account.viewOnly !== true,
    quickBetReady: ({ context }) =>
      context.quickBet &&
      context.mode === 'single' &&
      context.quickRequestId !== null &&
      placeProblem(context) === null,
    quoteMoved: ({ context, event }) => {
      if (event.type !== 'odds.update') return false;
      const s = context.selections.find((x) => x.oddsId === event.quote.oddsId);
      return s !== undefined && quoteMoved(s, event.quote);
    },
    outputOk: (_, output: { ok: boolean }) => output.ok,
    removesSlip: (_, output: { ok: boolean; code?: string }) =>
      !output.ok && uiActionFor(output.code ?? '', { loggedIn: true }).removeBetSlip,
    retryable: (_, output: { ok: boolean; code?: string }) => !output.ok && RetryCodes.has(output.code ?? ''),
    oddsChanged: (_, output: { ok: boolean; code?: string }) => !output.ok && output.code === 'oddsChanged',
    isWaiting: (_, output: Outcome<BetView>) => output.ok && output.value.status === 'waiting',
    isRejected: (_, output: Outcome<BetView>) =>
      output.ok && (output.value.status === 'rejected' || output.value.status === 'void'),
  },
  actions: {
    notify: emit((_, params: { code: string }) => notifyOf(params.code)),
    refreshBalance: emit({ type: 'balance.refresh' as const }),
    setError: assign((_, params: { code: string | null }) => ({ error: params.code })),
    select: assign(({ context, event }) => {
      if (event.type !== 'bet.select') return {};
      const selections = addSelection(context, event.selection);
      return {
        selections,
        stake:
          context.selections.length === 0 || context.bet !== null ? initialStake(context) : context.stake,
        quickRequestId: event.requestId ?? null,
        bet: null,
        error: null,
        checked: null,
        oddsIsUpdating: false,
      };
    }),
    remove: assign(({ context, event }) =>
      event.type === 'bet.remove'
        ? { selections: context.selections.filter((s) => s.oddsId !== event.oddsId), error: null }
        : {},
    ),
    clear: assign({
      selections: [],
      quotes: {},
      bet: null,
      error: null,
      checked: null,
      requestId: null,
      oddsIsUpdating: false,
    }),
    setMode: assign(({ context, event }) => {
      if (event.type !== 'bet.mode.change') return {};
      // Leaving a parlay for a single keeps the last pick only.
      const selections = event.mode === 'single' ? context.selections.slice(-1) : context.selections;
      return { mode: event.mode, selections, sizes: null, error: null, checked: null };
    }),
    setStake: assign(({ event }) =>
      event.type === 'bet.stake.change' ? { stake: event.stake, error: null } : {},
    ),
    setSizes: assign(({ event }) =>
      event.type === 'bet.sizes.change' ? { sizes: event.sizes, error: null } : {},
    ),
    setAccept: assign(({ context, event }) =>
      event.type === 'bet.accept.change'
        ? {
            acceptBetterOdds: event.acceptBetterOdds ?? context.acceptBetterOdds,
            acceptAnyOdds: event.acceptAnyOdds ?? context.acceptAnyOdds,
          }
        : {},
    ),
    /** Records the stream's view of a pick; a moved price replaces the pick's and marks a re-quote. */
    applyQuote: assign(({ context, event }) => {
      if (event.type !== 'odds.update') return {};
      const q = event.quote;
      const quotes = { ...context.quotes, [q.oddsId]: q };
      const selections = context.selections.map((s) =>
        s.oddsId === q.oddsId && quoteMoved(s, q) ? { ...s, price: q.price ?? s.price, line: q.line } : s,
      );
      const moved = selections.some((s, i) => s !== context.selections[i]);
      return { quotes, selections, ...(moved ? { oddsIsUpdating: true } : {}) };
    }),
    applyCheck: assign(({ context }, output: Outcome<CheckedPick[]>) => {
      if (!output.ok) return {};
      const byId = new Map(output.value.map((p) => [p.oddsId, p]));
      const selections = context.selections.map((s) => {
        const p = byId.get(s.oddsId);
        return p && (p.price !== s.price || p.line !== s.line) ? { ...s, price: p.price, line: p.line } : s;
      });
      const first = output.value[0];
      return { selections, checked: first ? first.limits : null, oddsIsUpdating: false };
    }),
    /** A failed check of a market locks its pick (the stream unlocks it when it changes). */
    lockFailedPick: assign(({ context }, output: { ok: boolean; code?: string; oddsId?: string }) => {
      if (output.ok || !output.oddsId || !MarketCodes.has(output.code ?? ''))
        return { oddsIsUpdating: false };
      return {
        oddsIsUpdating: false,
        quotes: {
          ...context.quotes,
          [output.oddsId]: { oddsId: output.oddsId, suspended: true, stale: false, price: null, line: null },
        },
      };
    }),
    startPlacing: assign(({ context, event }) => ({
      requestId:
        event.type === 'bet.confirm' ? event.requestId : (context.quickRequestId ?? context.requestId),
      quickRequestId: null,
      stake:
        context.quickBet && event.type === 'bet.select' && context.quickBetAmount > 0
          ? String(context.quickBetAmount)
          : context.stake,
      error: null,
    })),
    setBet: assign((_, output: Outcome<BetView>) => (output.ok ? { bet: output.value } : {})),
    rememberStake: assign(({ context }) => ({ lastStake: context.stake, requestId: null })),
    /** changeStakeMin / changeStakeMax: the upstream adjusted the stake to the limit. */
    adjustStake: assign(({ context }, output: { ok: boolean; code?: string }) => {
      const limits = limitsFor(context.account, context.mode, context.selections, context.checked);
      if (output.ok || !limits) return {};
      const to =
        output.code === 'changeStakeMin'
          ? limits.minBet
          : output.code === 'changeStakeMax'
            ? limits.maxBet
            : null;
      if (to === null) return {};
      const digits = 2;
      return { stake: (to / 10 ** digits).toFixed(digits) };
    }),
    emitPlaced: emit(({ context }) => ({ type: 'bet.placed' as const, bet: context.bet as BetView })),
  },
}).createMachine({
  id: 'betSlip',
  context: ({ input }) => {
    const b = { ...DefaultBetting, ...input.betting };
    return {
      account: input.account,
      mode: 'single',
      selections: [],
      quotes: {},
      stake: '',
      sizes: null,
      checked: null,
      acceptBetterOdds: b.acceptBetterOdds,
      acceptAnyOdds: b.acceptAnyOdds,
      quickBet: b.quickBet,
      quickBetAmount: b.quickBetAmount,
      defaultStakeMode: b.defaultStake ?? DefaultStakeMode,
      defaultStakeAmount: b.defaultStakeAmount,
      lastStake: '',
      oddsIsUpdating: false,
      requestId: null,
      quickRequestId: null,
      bet: null,
      error: null,
    };
  },
  initial: 'empty',
  on: {
    'bet.mode.change': { actions: 'setMode', target: '.routing' },
    'bet.accept.change': { actions: 'setAccept' },
    'bet.clear': { target: '.empty', actions: 'clear' },
    'account.change': {
      actions: assign(({ event }) => (event.type === 'account.change' ? { account: event.account } : {})),
    },
  },
  states: {
    /** Decides between empty and open after a change of the picks. */
    routing: {
      always: [
        { guard: ({ context }) => context.selections.length === 0, target: 'empty' },
        { target: 'open' },
      ],
    },
    empty: {
      on: { 'bet.select': { target: 'open', actions: 'select' } },
    },
    open: {
      initial: 'checking',
      invoke: { src: 'oddsWatch', input: ({ context }) => ({ selections: context.selections }) },
      on: {
        'bet.select': { target: 'open', reenter: true, actions: 'select' },
        'bet.remove': [
          { guard: 'slipEmptyAfterRemove', target: 'empty', actions: 'clear' },
          { target: 'open', reenter: true, actions: 'remove' },
        ],
        'bet.stake.change': { actions: 'setStake' },
        'bet.sizes.change': { actions: 'setSizes' },
        'odds.update': [
          { guard: 'quoteMoved', target: '.checking', reenter: true, actions: 'applyQuote' },
          { actions: 'applyQuote' },
        ],
      },
      states: {
        checking: {
          invoke: {
            src: 'betCheck',
            input: ({ context }) => ({ account: context.account, selections: context.selections }),
            onDone: [
              {
                guard: { type: 'outputOk', params: ({ event }) => event.output },
                actions: [{ type: 'applyCheck', params: ({ event }) => event.output }],
                target: 'checked',
              },
              {
                guard: { type: 'removesSlip', params: ({ event }) => event.output },
                target: '#betSlip.empty',
                actions: [
                  'clear',
                  {
                    type: 'notify',
                    params: ({ event }) => ({ code: (event.output as { code: string }).code }),
                  },
                ],
              },
              {
                target: 'ready',
                actions: [
                  { type: 'lockFailedPick', params: ({ event }) => event.output },
                  {
                    type: 'setError',
                    params: ({ event }) => ({ code: (event.output as { code: string }).code }),
                  },
                  {
                    type: 'notify',
                    params: ({ event }) => ({ code: (event.output as { code: string }).code }),
                  },
                ],
              },
            ],
          },
        },
        /** A transient step: a quick bet goes straight on, anything else waits for the player. */
        checked: {
          always: [
            { guard: 'quickBetReady', target: '#betSlip.placing', actions: 'startPlacing' },
            { target: 'ready' },
          ],
        },
        ready: {
          on: {
            'bet.submit': [
              { guard: 'canPlace', target: 'confirming' },
              { actions: [{ type: 'setError', params: ({ context }) => ({ code: placeProblem(context) }) }] },
            ],
          },
        },
        confirming: {
          on: {
            'bet.confirm': [
              { guard: 'canPlace', target: '#betSlip.placing', actions: 'startPlacing' },
              {
                target: 'ready',
                actions: [{ type: 'setError', params: ({ context }) => ({ code: placeProblem(context) }) }],
              },
            ],
            'bet.cancel': 'ready',
          },
        },
      },
    },
    placing: {
      invoke: {
        src: 'placeBet',
        input: ({ context }) => ({
          account: context.account,
          mode: context.mode,
          selections: context.selections,
          stake: parseStake(context.stake, context.account.currency) ?? 0,
          sizes: context.sizes,
          acceptBetterOdds: context.acceptBetterOdds,
          acceptAnyOdds: context.acceptAnyOdds,
          requestId: context.requestId ?? '',
        }),
        onDone: [
          {
            guard: { type: 'isWaiting', params: ({ event }) => event.output },
            target: 'waiting',
            actions: [
              { type: 'setBet', params: ({ event }) => event.output },
              'rememberStake',
              'refreshBalance',
              'emitPlaced',
            ],
          },
          {
            guard: { type: 'isRejected', params: ({ event }) => event.output },
            target: 'rejected',
            actions: [
              { type: 'setBet', params: ({ event }) => event.output },
              'rememberStake',
              'refreshBalance',
            ],
          },
          {
            guard: { type: 'outputOk', params: ({ event }) => event.output },
            target: 'accepted',
            actions: [
              { type: 'setBet', params: ({ event }) => event.output },
              'rememberStake',
              'refreshBalance',
              'emitPlaced',
            ],
          },
          {
            guard: { type: 'removesSlip', params: ({ event }) => event.output },
            target: 'empty',
            actions: [
              'clear',
              { type: 'notify', params: ({ event }) => ({ code: (event.output as { code: string }).code }) },
            ],
          },
          {
            guard: { type: 'oddsChanged', params: ({ event }) => event.output },
            target: '#betSlip.open.checking',
            actions: [
              assign({ oddsIsUpdating: true, requestId: null }),
              { type: 'setError', params: { code: 'oddsChanged' } },
            ],
          },
          {
            guard: { type: 'retryable', params: ({ event }) => event.output },
            target: 'placeFailed',
            actions: [
              {
                type: 'setError',
                params: ({ event }) => ({ code: (event.output as { code: string }).code }),
              },
              { type: 'notify', params: ({ event }) => ({ code: (event.output as { code: string }).code }) },
            ],
          },
          {
            target: '#betSlip.open.ready',
            actions: [
              { type: 'adjustStake', params: ({ event }) => event.output },
              {
                type: 'lockFailedPick',
                params: ({ context, event }) => ({
                  ...(event.output as { ok: false; code: string }),
                  // With one pick, a market code concerns that pick.
                  ...(context.selections.length === 1 ? { oddsId: context.selections[0]?.oddsId } : {}),
                }),
              },
              assign({ requestId: null }),
              {
                type: 'setError',
                params: ({ event }) => ({ code: (event.output as { code: string }).code }),
              },
              { type: 'notify', params: ({ event }) => ({ code: (event.output as { code: string }).code }) },
            ],
          },
        ],
      },
    },
    /** The reply never came (or the upstream was busy): retry with the same key, or go back. */
    placeFailed: {
      on: {
        'bet.retry': [
          { guard: 'canRetry', target: 'placing' },
          { actions: { type: 'setError', params: { code: 'suspend' } } },
        ],
        'bet.cancel': { target: '#betSlip.open.ready', actions: assign({ requestId: null }) },
      },
    },
    /** A live bet held for its delay; the upstream accepts or rejects it. */
    waiting: {
      invoke: {
        src: 'betDecision',
        input: ({ context }) => ({ auth: context.account.auth, betId: context.bet?.bet_id ?? '' }),
        onDone: [
          {
            guard: { type: 'isRejected', params: ({ event }) => event.output },
            target: 'rejected',
            actions: [{ type: 'setBet', params: ({ event }) => event.output }, 'refreshBalance'],
          },
          {
            guard: { type: 'outputOk', params: ({ event }) => event.output },
            target: 'accepted',
            actions: [{ type: 'setBet', params: ({ event }) => event.output }, 'refreshBalance'],
          },
          // Lost track of it (settled already, or the list failed): the bet list shows the truth.
          { target: 'accepted', actions: 'refreshBalance' },
        ],
      },
    },
    accepted: {
      on: {
        'bet.select': { target: 'open', actions: ['clear', 'select'] },
        'bet.keep': { target: 'open', actions: assign({ bet: null, error: null }) },
      },
    },
    rejected: {
      entry: assign(({ context }) => ({ error: context.bet?.reject_reason ?? 'rejected' })),
      on: {
        'bet.select': { target: 'open', actions: ['clear', 'select'] },
        'bet.keep': { target: 'open', actions: assign({ bet: null, error: null }) },
      },
    },
  },
});
