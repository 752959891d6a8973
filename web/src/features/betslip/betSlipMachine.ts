/**
 * The bet slip (DESIGN.md "The web client"; SPEC sections 3, 8, 9): single, mix parlay, system
 * parlay and Myanmar bets. Flow: select -> betcheck -> (confirm) -> place with an idempotency key
 * -> waiting (live bets) -> accepted or rejected. While open, the slip watches its picks on the
 * odds stream (`oddsWatch`): a moved price re-quotes with `oddsIsUpdating`, a suspended or stale
 * market locks placing. Every failure code goes through the catalogue (`uiActionFor`) and is
 * emitted as `notify`; `marketTypeChanged` removes the slip. A placed bet emits `balance.refresh`.
 *
 * Confirmation: the confirm step ignores `bet.confirm` for `confirmDelayMs` after it opens
 * (`open.confirming.arming`), so a double click on "Place bet" cannot also confirm; only then
 * (`open.confirming.armed`) does a click or Enter place the bet.
 *
 * Reloads: `restore` (persist.ts, the tab's sessionStorage) starts the slip where the
 * player left it: picks, stake and step; a placement in flight is sent again with the same
 * `request_id`, so the idempotency key answers what happened to it (the first reply, never a second
 * bet); `resumed` says so on the slip.
 */
import { DefaultBetting, DefaultStakeMode, type UiAction, uiActionFor } from '@sportsbook/protocol';
import { EMPTY, map, type Observable } from 'rxjs';
import { assertEvent, assign, emit, fromEventObservable, fromPromise, setup } from 'xstate';
import { type ApiClient, api as defaultApi } from '../../shared/api.ts';
import { parseStake, stakeText, toMinor } from '../../shared/money.ts';
import { CallFailure } from '../../shared/result.ts';
import { awaitDecision, type CheckedPick, checkPicks, placeBet, type SlipOutcome } from './betApi.ts';
import type { SavedSlip } from './persist.ts';
import {
  limitsFor,
  lockOf,
  quoteMoved,
  StakeInputProblem,
  selectionProblem,
  slipFigures,
  stakeInputProblem,
  stakeProblem,
} from './rules.ts';
import type { BetView, Limits, LiveQuote, Selection, SlipAccount, SlipMode } from './types.ts';

/**
 * Default stake modes (SPEC section 9 "default stake mode 3"; the spec does not name the modes, so
 * these are ours): 1 an empty stake, 2 the last stake placed, 3 the preferred amount
 * (`defaultStakeAmount`, empty when 0).
 */
export const StakeMode = { empty: 1, last: 2, preferred: 3 } as const;

/**
 * How long the confirm step ignores Confirm after it opens (ms): longer than a double click's second
 * click (and a key's auto-repeat), short enough not to be noticed by a player who reads the step.
 */
export const ConfirmDelayMs = 500;

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
  /** Confirm is ignored this long after the confirm step opens (default ConfirmDelayMs). */
  confirmDelayMs?: number;
  /** The slip as it was before a reload (persist.ts), for this account. */
  restore?: SavedSlip | null;
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
  /** The quick bet's stake (major units, as settings keep it); 0: no quick bet. */
  quickBetAmount: number;
  /** The price and line clicked for a quick bet: it is placed at once only at that price. */
  quickPick: { price: number; line: Selection['line'] } | null;
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
  confirmDelayMs: number;
  /** The slip came back from a reload in the middle of a placement (or after its outcome). */
  resumed: boolean;
  /** Reopen the confirm step after the restored picks are checked (the reload hit that step). */
  resumeConfirm: boolean;
  /** A parlay pick that the last pick replaced (one pick per match); shown until the next change. */
  replaced: Selection | null;
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
  | { type: 'account.change'; account: SlipAccount }
  /** The member's betting settings changed (this window or another): the slip follows from now on. */
  | { type: 'prefs.change'; betting: NonNullable<BetSlipInput['betting']> };

export type BetSlipEmitted =
  | { type: 'slip.notify'; code: string; action: UiAction }
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

/**
 * A failed call of the slip's actors: the actors reject with it so the machine routes failures
 * through `onError` (a code of the catalogue; `oddsId` names the pick a failed check concerns). The
 * web's one failure class (shared/result.ts CallFailure) with the slip's two extra facts.
 */
export class SlipFailure extends CallFailure {
  constructor(
    code: string,
    readonly oddsId?: string,
    /** changeStakeMin / changeStakeMax: the stake the upstream offers, minor units. */
    readonly stakeTo?: number,
  ) {
    super(code);
    this.name = 'SlipFailure';
  }
}

/** A failure as the machine reads it; anything thrown that is not a SlipFailure is a systemError. */
export interface Failure {
  readonly code: string;
  readonly oddsId?: string | undefined;
  readonly stakeTo?: number | undefined;
}

export function failureOf(error: unknown): Failure {
  return error instanceof SlipFailure
    ? { code: error.code, oddsId: error.oddsId, stakeTo: error.stakeTo }
    : { code: 'systemError' };
}

/** The value of an outcome, or a SlipFailure with its code. */
export function unwrap<T>(outcome: SlipOutcome<T>): T {
  if (outcome.ok) return outcome.value;
  const { code, oddsId, stakeTo } = outcome.error;
  throw new SlipFailure(code, oddsId, stakeTo);
}

export interface BetSlipDeps {
  api: ApiClient;
  /** Stream quotes of the picks (one `LiveQuote` per change); EMPTY without a stream. */
  watch: (selections: readonly Selection[]) => Observable<LiveQuote>;
  /** How often a waiting bet is looked up. */
  decisionPollMs?: number;
  /**
   * A waiting bet's decision from elsewhere (useSlipActor: the account stream, streamDecision.ts);
   * `poll` is the bet-list polling it falls back to. Absent: `poll` alone.
   */
  decision?: (
    input: { auth: SlipAccount['auth']; betId: string },
    poll: () => ReturnType<typeof awaitDecision>,
    signal: AbortSignal,
  ) => ReturnType<typeof awaitDecision>;
}

export function betSlipActors(deps: BetSlipDeps) {
  return {
    betCheck: fromPromise<CheckedPick[], { account: SlipAccount; selections: Selection[] }>(
      async ({ input, signal }) => unwrap(await checkPicks(deps.api, input, signal)),
    ),
    placeBet: fromPromise<BetView, Parameters<typeof placeBet>[1]>(async ({ input, signal }) =>
      unwrap(await placeBet(deps.api, input, signal)),
    ),
    betDecision: fromPromise<BetView, { auth: SlipAccount['auth']; betId: string }>(
      async ({ input, signal }) => {
        const poll = () =>
          awaitDecision(deps.api, input.auth, input.betId, deps.decisionPollMs ?? 1000, signal);
        return unwrap(await (deps.decision ? deps.decision(input, poll, signal) : poll()));
      },
    ),
    oddsWatch: fromEventObservable<{ type: 'odds.update'; quote: LiveQuote }, { selections: Selection[] }>(
      ({ input }) =>
        deps.watch(input.selections).pipe(map((quote) => ({ type: 'odds.update' as const, quote }))),
    ),
  };
}

/** A settings amount (major units) as the text of the stake field, in the currency's digits. */
function amountText(major: number, currency: string): string {
  return stakeText(toMinor(major, currency), currency);
}

function initialStake(
  context: Pick<BetSlipContext, 'defaultStakeMode' | 'defaultStakeAmount' | 'lastStake' | 'account'>,
): string {
  if (context.defaultStakeMode === StakeMode.last) return context.lastStake;
  if (context.defaultStakeMode === StakeMode.preferred && context.defaultStakeAmount > 0)
    return amountText(context.defaultStakeAmount, context.account.currency);
  return '';
}

/** Whether a click is a quick bet: quick bet on with an amount, a single, a click (with its key). */
export function isQuickBet(
  context: Pick<BetSlipContext, 'quickBet' | 'quickBetAmount' | 'mode'>,
  requestId: string | undefined,
): boolean {
  return (
    context.quickBet && context.quickBetAmount > 0 && context.mode === 'single' && requestId !== undefined
  );
}

/**
 * The quick bet's confirmation rule (ours; SPEC names only `confirmBet`): a quick bet skips the
 * confirm step only at the price and line the player clicked. A check that moved them leaves the
 * pick on the slip (code `oddsChanged`) for a normal Place and Confirm, unless the member accepts
 * any odds, or better odds and the price is higher.
 */
export function quickPriceHolds(
  context: Pick<BetSlipContext, 'quickPick' | 'selections' | 'acceptAnyOdds' | 'acceptBetterOdds'>,
): boolean {
  const s = context.selections[0];
  const q = context.quickPick;
  if (!s || !q) return false;
  if (context.acceptAnyOdds) return true;
  if (s.line !== q.line) return false;
  return s.price === q.price || (context.acceptBetterOdds && s.price > q.price);
}

/** Adds a pick: a single keeps one; a parlay keeps one pick per match (the newer replaces). */
export function addSelection(
  context: Pick<BetSlipContext, 'mode' | 'selections'>,
  selection: Selection,
): Selection[] {
  if (context.mode === 'single') return [selection];
  const same = context.selections.findIndex(
    (s) => s.oddsId === selection.oddsId && s.selection === selection.selection,
  );
  if (same >= 0) return context.selections.filter((_, i) => i !== same);
  return [...context.selections.filter((s) => s.matchId !== selection.matchId), selection];
}

/**
 * The parlay pick that adding `selection` replaces (another pick of the same match), or null: a
 * single replacing its pick, or a click on a pick already on the slip (which removes it), is not a
 * replacement the player needs to be told about.
 */
export function replacedPick(
  context: Pick<BetSlipContext, 'mode' | 'selections'>,
  selection: Selection,
): Selection | null {
  if (context.mode === 'single') return null;
  if (context.selections.some((s) => s.oddsId === selection.oddsId && s.selection === selection.selection))
    return null;
  return context.selections.find((s) => s.matchId === selection.matchId) ?? null;
}

/** The slip's own problem (not a catalogue code): the stake has more decimals than its currency. */
export const StakeDecimalsProblem = 'tooManyDecimals';

/** Why placing is not possible now (a catalogue code, or one of rules.ts StakeInputProblem), or null. */
export function placeProblem(context: BetSlipContext): string | null {
  // A view-only (suspended) account never places, whatever the UI lets through.
  if (context.account.viewOnly === true) return 'suspend';
  const selection = selectionProblem(context.mode, context.selections);
  if (selection) return selection;
  const lock = lockOf(context.quotes, context.selections);
  if (lock) return 'marketSuspended';
  if (context.oddsIsUpdating) return 'oddsIsUpdating';
  // Nothing typed, not a number, more decimals than the currency has (refused, never rounded):
  // the slip's own problems (rules.ts stakeInputProblem), each said as it is.
  const typed = stakeInputProblem(context.stake, context.account.currency);
  if (typed !== null) return typed;
  const stake = parseStake(context.stake, context.account.currency);
  if (stake === null) return StakeInputProblem.notANumber;
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
  type: 'slip.notify',
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
  delays: {
    confirmDelay: ({ context }) => context.confirmDelayMs,
  },
  guards: {
    slipEmptyAfterRemove: ({ context, event }) => {
      assertEvent(event, 'bet.remove');
      return context.selections.every((s) => s.oddsId === event.oddsId);
    },
    canPlace: ({ context }) => placeProblem(context) === null,
    resumeConfirmReady: ({ context }) => context.resumeConfirm && placeProblem(context) === null,
    /** A retry places again: not for an account that became view-only meanwhile. */
    canRetry: ({ context }) => context.account.viewOnly !== true,
    quickBetReady: ({ context }) =>
      context.quickBet &&
      context.quickBetAmount > 0 &&
      context.mode === 'single' &&
      context.quickRequestId !== null &&
      quickPriceHolds(context) &&
      placeProblem(context) === null,
    /** A quick bet whose check moved the price: the pick stays for a normal placement. */
    quickPriceMoved: ({ context }) =>
      context.quickRequestId !== null && context.quickPick !== null && !quickPriceHolds(context),
    quoteMoved: ({ context, event }) => {
      assertEvent(event, 'odds.update');
      const s = context.selections.find((x) => x.oddsId === event.quote.oddsId);
      return s !== undefined && quoteMoved(s, event.quote);
    },
    removesSlip: (_, failure: Failure) => uiActionFor(failure.code, { loggedIn: true }).removeBetSlip,
    retryable: (_, failure: Failure) => RetryCodes.has(failure.code),
    oddsChanged: (_, failure: Failure) => failure.code === 'oddsChanged',
    isWaiting: (_, bet: BetView) => bet.status === 'waiting',
    isRejected: (_, bet: BetView) => bet.status === 'rejected' || bet.status === 'void',
  },
  actions: {
    notify: emit((_, params: { code: string }) => notifyOf(params.code)),
    refreshBalance: emit({ type: 'balance.refresh' as const }),
    setError: assign((_, params: { code: string | null }) => ({ error: params.code })),
    select: assign(({ context, event }) => {
      assertEvent(event, 'bet.select');
      const selections = addSelection(context, event.selection);
      // A quick bet (a click with quick bet on) takes the quick bet amount, whatever was typed.
      const quick = isQuickBet(context, event.requestId);
      return {
        selections,
        replaced: context.bet !== null ? null : replacedPick(context, event.selection),
        resumed: false,
        resumeConfirm: false,
        stake: quick
          ? amountText(context.quickBetAmount, context.account.currency)
          : context.selections.length === 0 || context.bet !== null
            ? initialStake(context)
            : context.stake,
        quickRequestId: quick ? (event.requestId ?? null) : null,
        quickPick: quick ? { price: event.selection.price, line: event.selection.line } : null,
        bet: null,
        error: null,
        checked: null,
        oddsIsUpdating: false,
      };
    }),
    remove: assign(({ context, event }) => {
      assertEvent(event, 'bet.remove');
      return {
        selections: context.selections.filter((s) => s.oddsId !== event.oddsId),
        error: null,
        replaced: null,
        resumeConfirm: false,
      };
    }),
    clear: assign({
      selections: [],
      quotes: {},
      bet: null,
      error: null,
      checked: null,
      requestId: null,
      oddsIsUpdating: false,
      replaced: null,
      resumed: false,
      resumeConfirm: false,
    }),
    setMode: assign(({ context, event }) => {
      assertEvent(event, 'bet.mode.change');
      // Leaving a parlay for a single keeps the last pick only.
      const selections = event.mode === 'single' ? context.selections.slice(-1) : context.selections;
      return {
        mode: event.mode,
        selections,
        sizes: null,
        error: null,
        checked: null,
        replaced: null,
        resumeConfirm: false,
      };
    }),
    setStake: assign(({ event }) => {
      assertEvent(event, 'bet.stake.change');
      return { stake: event.stake, error: null, resumeConfirm: false };
    }),
    setSizes: assign(({ event }) => {
      assertEvent(event, 'bet.sizes.change');
      return { sizes: event.sizes, error: null, resumeConfirm: false };
    }),
    setAccept: assign(({ context, event }) => {
      assertEvent(event, 'bet.accept.change');
      return {
        acceptBetterOdds: event.acceptBetterOdds ?? context.acceptBetterOdds,
        acceptAnyOdds: event.acceptAnyOdds ?? context.acceptAnyOdds,
      };
    }),
    setAccount: assign(({ event }) => {
      assertEvent(event, 'account.change');
      return { account: event.account };
    }),
    /** New betting settings: the next pick uses them (the stake typed on the slip stays). */
    setBetting: assign(({ context, event }) => {
      assertEvent(event, 'prefs.change');
      const b = event.betting;
      return {
        quickBet: b.quickBet ?? context.quickBet,
        quickBetAmount: b.quickBetAmount ?? context.quickBetAmount,
        defaultStakeMode: b.defaultStake ?? context.defaultStakeMode,
        defaultStakeAmount: b.defaultStakeAmount ?? context.defaultStakeAmount,
        acceptBetterOdds: b.acceptBetterOdds ?? context.acceptBetterOdds,
        acceptAnyOdds: b.acceptAnyOdds ?? context.acceptAnyOdds,
      };
    }),
    /** Records the stream's view of a pick; a moved price replaces the pick's and marks a re-quote. */
    applyQuote: assign(({ context, event }) => {
      assertEvent(event, 'odds.update');
      const q = event.quote;
      const quotes = { ...context.quotes, [q.oddsId]: q };
      const selections = context.selections.map((s) =>
        s.oddsId === q.oddsId && quoteMoved(s, q) ? { ...s, price: q.price ?? s.price, line: q.line } : s,
      );
      const moved = selections.some((s, i) => s !== context.selections[i]);
      return { quotes, selections, ...(moved ? { oddsIsUpdating: true } : {}) };
    }),
    applyCheck: assign(({ context }, picks: CheckedPick[]) => {
      const byId = new Map(picks.map((p) => [p.oddsId, p]));
      const selections = context.selections.map((s) => {
        const p = byId.get(s.oddsId);
        return p && (p.price !== s.price || p.line !== s.line) ? { ...s, price: p.price, line: p.line } : s;
      });
      const first = picks[0];
      return { selections, checked: first ? first.limits : null, oddsIsUpdating: false };
    }),
    /** A failed check of a market locks its pick (the stream unlocks it when it changes). */
    lockFailedPick: assign(({ context }, failure: Failure) => {
      const { oddsId } = failure;
      if (!oddsId || !MarketCodes.has(failure.code)) return { oddsIsUpdating: false };
      return {
        oddsIsUpdating: false,
        quotes: {
          ...context.quotes,
          [oddsId]: { oddsId, suspended: true, stale: false, price: null, line: null },
        },
      };
    }),
    /** `requestId`: the confirm's key, or null to keep the quick bet's (or a retry's) key. */
    startPlacing: assign(({ context }, params: { requestId: string | null }) => ({
      requestId: params.requestId ?? context.quickRequestId ?? context.requestId,
      quickRequestId: null,
      quickPick: null,
      error: null,
    })),
    setBet: assign((_, bet: BetView) => ({ bet })),
    rememberStake: assign(({ context }) => ({ lastStake: context.stake, requestId: null })),
    /** changeStakeMin / changeStakeMax: the upstream adjusted the stake to the limit. */
    adjustStake: assign(({ context }, failure: Failure) => {
      // The upstream names the stake it offers; else the limit of the slip's last check.
      if (failure.stakeTo !== undefined)
        return { stake: stakeText(failure.stakeTo, context.account.currency) };
      const limits = limitsFor(context.account, context.mode, context.selections, context.checked);
      if (!limits) return {};
      const to =
        failure.code === 'changeStakeMin'
          ? limits.minBet
          : failure.code === 'changeStakeMax'
            ? limits.maxBet
            : null;
      return to === null ? {} : { stake: stakeText(to, context.account.currency) };
    }),
    emitPlaced: emit(({ context }) => ({ type: 'bet.placed' as const, bet: context.bet as BetView })),
  },
}).createMachine({
  id: 'betSlip',
  context: ({ input }) => {
    const b = { ...DefaultBetting, ...input.betting };
    const r = input.restore ?? null;
    return {
      account: input.account,
      mode: r?.mode ?? 'single',
      selections: r ? [...r.selections] : [],
      quotes: {},
      stake: r?.stake ?? '',
      sizes: r?.sizes ? [...r.sizes] : null,
      checked: null,
      acceptBetterOdds: r?.acceptBetterOdds ?? b.acceptBetterOdds,
      acceptAnyOdds: r?.acceptAnyOdds ?? b.acceptAnyOdds,
      quickBet: b.quickBet,
      quickBetAmount: b.quickBetAmount,
      quickPick: null,
      defaultStakeMode: b.defaultStake ?? DefaultStakeMode,
      defaultStakeAmount: b.defaultStakeAmount,
      lastStake: r?.lastStake ?? '',
      oddsIsUpdating: false,
      requestId: r?.step === 'placing' ? r.requestId : null,
      quickRequestId: null,
      bet: r && (r.step === 'waiting' || r.step === 'accepted' || r.step === 'rejected') ? r.bet : null,
      error: null,
      confirmDelayMs: input.confirmDelayMs ?? ConfirmDelayMs,
      resumed: r !== null && r.step !== 'open' && r.step !== 'confirming',
      resumeConfirm: r?.step === 'confirming',
      replaced: null,
    };
  },
  initial: 'start',
  on: {
    'bet.mode.change': { actions: 'setMode', target: '.routing' },
    'bet.accept.change': { actions: 'setAccept' },
    'bet.clear': { target: '.empty', actions: 'clear' },
    'account.change': { actions: 'setAccount' },
    'prefs.change': { actions: 'setBetting' },
  },
  states: {
    /** Where a restored slip (persist.ts) starts; a new slip is empty. */
    start: {
      always: [
        { guard: ({ context }) => context.selections.length === 0, target: 'empty' },
        { guard: ({ context }) => context.requestId !== null && context.bet === null, target: 'placing' },
        { guard: ({ context }) => context.bet?.status === 'waiting', target: 'waiting' },
        {
          guard: ({ context }) => context.bet?.status === 'rejected' || context.bet?.status === 'void',
          target: 'rejected',
        },
        { guard: ({ context }) => context.bet !== null, target: 'accepted' },
        { target: 'open' },
      ],
    },
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
          // Only the check starts again (a transition to a child leaves `open` and its odds watch
          // running): re-entering `open` itself dropped the stream's subscription at every move.
          { guard: 'quoteMoved', target: '.checking', actions: 'applyQuote' },
          { actions: 'applyQuote' },
        ],
      },
      states: {
        checking: {
          invoke: {
            src: 'betCheck',
            input: ({ context }) => ({ account: context.account, selections: context.selections }),
            onDone: {
              target: 'checked',
              actions: [{ type: 'applyCheck', params: ({ event }) => event.output }],
            },
            onError: [
              {
                guard: { type: 'removesSlip', params: ({ event }) => failureOf(event.error) },
                target: '#betSlip.empty',
                actions: ['clear', { type: 'notify', params: ({ event }) => failureOf(event.error) }],
              },
              {
                target: 'ready',
                actions: [
                  { type: 'lockFailedPick', params: ({ event }) => failureOf(event.error) },
                  { type: 'setError', params: ({ event }) => failureOf(event.error) },
                  { type: 'notify', params: ({ event }) => failureOf(event.error) },
                ],
              },
            ],
          },
        },
        /**
         * A transient step: a quick bet goes straight on, a slip reloaded in its confirm step goes
         * back to it (if it still may be placed), anything else waits for the player.
         */
        checked: {
          always: [
            {
              guard: 'quickBetReady',
              target: '#betSlip.placing',
              actions: { type: 'startPlacing', params: { requestId: null } },
            },
            {
              guard: 'quickPriceMoved',
              target: 'ready',
              actions: [
                assign({ quickRequestId: null, quickPick: null }),
                { type: 'setError', params: { code: 'oddsChanged' } },
              ],
            },
            {
              // A quick bet that may not be placed (a stake past the limits, a view-only account):
              // the slip says why and waits for the player.
              guard: ({ context }) => context.quickRequestId !== null,
              target: 'ready',
              actions: [
                { type: 'setError', params: ({ context }) => ({ code: placeProblem(context) }) },
                assign({ quickRequestId: null, quickPick: null }),
              ],
            },
            {
              guard: 'resumeConfirmReady',
              target: 'confirming',
              actions: assign({ resumeConfirm: false }),
            },
            { target: 'ready' },
          ],
        },
        ready: {
          // A reloaded confirm step whose picks were not placeable yet (the stream still connecting,
          // a stale topic) reopens as soon as they are; any change by the player ends that.
          always: {
            guard: 'resumeConfirmReady',
            target: 'confirming',
            actions: assign({ resumeConfirm: false }),
          },
          on: {
            'bet.submit': [
              { guard: 'canPlace', target: 'confirming' },
              { actions: [{ type: 'setError', params: ({ context }) => ({ code: placeProblem(context) }) }] },
            ],
          },
        },
        /**
         * The confirm step. `arming`: Confirm is shown but ignored (a double click's second click, a
         * repeated key); `armed` after confirmDelayMs: a deliberate click or Enter places.
         */
        confirming: {
          initial: 'arming',
          on: { 'bet.cancel': 'ready' },
          states: {
            arming: {
              always: { guard: ({ context }) => context.confirmDelayMs <= 0, target: 'armed' },
              after: { confirmDelay: 'armed' },
            },
            armed: {
              on: {
                'bet.confirm': [
                  {
                    guard: 'canPlace',
                    target: '#betSlip.placing',
                    actions: {
                      type: 'startPlacing',
                      params: ({ event }) => ({ requestId: event.requestId }),
                    },
                  },
                  {
                    target: '#betSlip.open.ready',
                    actions: [
                      { type: 'setError', params: ({ context }) => ({ code: placeProblem(context) }) },
                    ],
                  },
                ],
              },
            },
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
            target: 'accepted',
            actions: [
              { type: 'setBet', params: ({ event }) => event.output },
              'rememberStake',
              'refreshBalance',
              'emitPlaced',
            ],
          },
        ],
        onError: [
          {
            guard: { type: 'removesSlip', params: ({ event }) => failureOf(event.error) },
            target: 'empty',
            actions: ['clear', { type: 'notify', params: ({ event }) => failureOf(event.error) }],
          },
          {
            guard: { type: 'oddsChanged', params: ({ event }) => failureOf(event.error) },
            target: '#betSlip.open.checking',
            actions: [
              assign({ oddsIsUpdating: true, requestId: null }),
              { type: 'setError', params: { code: 'oddsChanged' } },
            ],
          },
          {
            guard: { type: 'retryable', params: ({ event }) => failureOf(event.error) },
            target: 'placeFailed',
            actions: [
              { type: 'setError', params: ({ event }) => failureOf(event.error) },
              { type: 'notify', params: ({ event }) => failureOf(event.error) },
            ],
          },
          {
            target: '#betSlip.open.ready',
            actions: [
              { type: 'adjustStake', params: ({ event }) => failureOf(event.error) },
              {
                type: 'lockFailedPick',
                params: ({ context, event }) => ({
                  code: failureOf(event.error).code,
                  // With one pick, a market code concerns that pick.
                  oddsId: context.selections.length === 1 ? context.selections[0]?.oddsId : undefined,
                }),
              },
              assign({ requestId: null }),
              { type: 'setError', params: ({ event }) => failureOf(event.error) },
              { type: 'notify', params: ({ event }) => failureOf(event.error) },
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
            target: 'accepted',
            actions: [{ type: 'setBet', params: ({ event }) => event.output }, 'refreshBalance'],
          },
        ],
        // Lost track of it (settled already, or the list failed): the bet list shows the truth.
        onError: { target: 'accepted', actions: 'refreshBalance' },
      },
    },
    accepted: {
      on: {
        'bet.select': { target: 'open', actions: ['clear', 'select'] },
        'bet.keep': { target: 'open', actions: assign({ bet: null, error: null, resumed: false }) },
      },
    },
    rejected: {
      entry: assign(({ context }) => ({ error: context.bet?.reject_reason ?? 'rejected' })),
      on: {
        'bet.select': { target: 'open', actions: ['clear', 'select'] },
        'bet.keep': { target: 'open', actions: assign({ bet: null, error: null, resumed: false }) },
      },
    },
  },
});
