/**
 * Every path of the bet slip: the API actors are swapped with `machine.provide` so each reply and
 * rejection code can be produced on demand; the odds stream is a Subject the test drives.
 * betSlip.real.test.ts runs the same machine against the real gateway and simulator.
 */
import { ErrorCatalogue, uiActionFor } from '@sportsbook/protocol';
import { map, Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, createActor, fromEventObservable, fromPromise, waitFor } from 'xstate';
import type { CheckedPick, PlaceInput, SlipOutcome } from './betApi.ts';
import {
  type BetSlipEmitted,
  type BetSlipInput,
  betSlipMachine,
  ConfirmDelayMs,
  StakeDecimalsProblem,
  unwrap,
} from './betSlipMachine.ts';
import { parseSavedSlip, type SavedSlip, savedSlipOf, serializeSavedSlip } from './persist.ts';
import { betView, hdpPick } from './slipFixture.tsx';
import type { BetView, LiveQuote, Selection, SlipAccount } from './types.ts';

const account: SlipAccount = {
  auth: { account_id: 'demo01', session_token: 'tok' },
  currency: 'MYR',
  oddsFormat: 'DEC',
  myanmar: false,
  betLimits: [
    { sport_type: 1, bet_type: 'all', min_bet: 5, max_bet: 5000, max_payout: 50000 },
    { sport_type: 0, bet_type: 'default', min_bet: 5, max_bet: 2000, max_payout: 20000 },
    { sport_type: 0, bet_type: 'parlay', min_bet: 5, max_bet: 1000, max_payout: 50000 },
    { sport_type: 0, bet_type: 'mmo', min_bet: 5, max_bet: 5000, max_payout: 50000 },
  ],
};

const pick = hdpPick;

const bet = betView;

const limits = { minBet: 500, maxBet: 500_000, maxPayout: 5_000_000 };

interface Harness {
  actor: ReturnType<typeof createActor<typeof betSlipMachine>>;
  placed: PlaceInput[];
  checks: number;
  /** Subscriptions the slip made to the odds stream (`oddsWatch` started). */
  watches: number;
  emitted: BetSlipEmitted[];
  quotes: Subject<LiveQuote>;
}

function harness(options: {
  place?: (input: PlaceInput, n: number) => SlipOutcome<BetView>;
  check?: (
    selections: readonly Selection[],
    n: number,
  ) => SlipOutcome<CheckedPick[]> | Promise<SlipOutcome<CheckedPick[]>>;
  decision?: SlipOutcome<BetView>;
  input?: Partial<BetSlipInput>;
}): Harness {
  const quotes = new Subject<LiveQuote>();
  const h: Omit<Harness, 'actor'> & { actor?: Harness['actor'] } = {
    placed: [],
    checks: 0,
    watches: 0,
    emitted: [],
    quotes,
  };
  const machine = betSlipMachine.provide({
    actors: {
      betCheck: fromPromise(
        async ({ input }: { input: { account: SlipAccount; selections: Selection[] } }) => {
          h.checks++;
          return unwrap(
            (await options.check?.(input.selections, h.checks)) ?? {
              ok: true as const,
              value: input.selections.map((s) => ({
                oddsId: s.oddsId,
                price: s.price,
                line: s.line,
                limits,
              })),
            },
          );
        },
      ),
      placeBet: fromPromise(async ({ input }: { input: PlaceInput }) => {
        h.placed.push(input);
        return unwrap(
          options.place?.(input, h.placed.length) ?? { ok: true as const, value: bet('running') },
        );
      }),
      betDecision: fromPromise(async () =>
        unwrap(options.decision ?? { ok: true as const, value: bet('running') }),
      ),
      oddsWatch: fromEventObservable(() => {
        h.watches++;
        return quotes.pipe(mapToEvent);
      }),
    },
  });
  // Confirm counts at once here; 'confirm step' below runs the real delay on fake timers.
  const actor = createActor(machine, { input: { account, confirmDelayMs: 0, ...options.input } });
  actor.on('*', (e) => h.emitted.push(e as BetSlipEmitted));
  actor.start();
  h.actor = actor;
  return h as Harness;
}

const mapToEvent = map((quote: LiveQuote) => ({ type: 'odds.update' as const, quote }));

const ready = (a: AnyActorRef) => waitFor(a, (s) => s.matches({ open: 'ready' }), { timeout: 2000 });

async function placeSingle(h: Harness, selection = pick(1), stake = '10') {
  h.actor.send({ type: 'bet.select', selection });
  await ready(h.actor);
  h.actor.send({ type: 'bet.stake.change', stake });
  h.actor.send({ type: 'bet.submit' });
  expect(h.actor.getSnapshot().matches({ open: 'confirming' })).toBe(true);
  h.actor.send({ type: 'bet.confirm', requestId: 'key-1' });
}

describe('betSlipMachine: single', () => {
  it('selects, checks, confirms and places a single with its idempotency key, then refreshes the balance', async () => {
    const h = harness({});
    await placeSingle(h);
    const s = await waitFor(h.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    expect(s.context.bet?.status).toBe('running');
    expect(h.placed[0]?.requestId).toBe('key-1');
    expect(h.placed[0]?.stake).toBe(1000);
    expect(h.placed[0]?.mode).toBe('single');
    expect(h.emitted.map((e) => e.type)).toEqual(['balance.refresh', 'bet.placed']);
  });

  it('holds a live bet as waiting until the upstream accepts it', async () => {
    const h = harness({
      place: () => ({ ok: true, value: bet('waiting') }),
      decision: { ok: true, value: bet('running') },
    });
    await placeSingle(h, pick(1, { live: true }));
    await waitFor(h.actor, (x) => x.matches('waiting') || x.matches('accepted'), { timeout: 2000 });
    const s = await waitFor(h.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    expect(s.context.bet?.status).toBe('running');
    expect(h.emitted.filter((e) => e.type === 'balance.refresh')).toHaveLength(2);
  });

  it('shows a waiting bet rejected with the upstream reason', async () => {
    const h = harness({
      place: () => ({ ok: true, value: bet('waiting') }),
      decision: { ok: true, value: bet('rejected', { reject_reason: 'oddsChanged' }) },
    });
    await placeSingle(h, pick(1, { live: true }));
    const s = await waitFor(h.actor, (x) => x.matches('rejected'), { timeout: 2000 });
    expect(s.context.error).toBe('oddsChanged');
  });

  it('refuses a stake under the minimum or over the maximum before calling the upstream', async () => {
    const h = harness({});
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.stake.change', stake: '1' });
    h.actor.send({ type: 'bet.submit' });
    expect(h.actor.getSnapshot().context.error).toBe('betLowerMin');
    h.actor.send({ type: 'bet.stake.change', stake: '6000' });
    h.actor.send({ type: 'bet.submit' });
    expect(h.actor.getSnapshot().context.error).toBe('betOverMax');
    // Not a number is said as such, never as "less than the min stake".
    h.actor.send({ type: 'bet.stake.change', stake: 'ten' });
    h.actor.send({ type: 'bet.submit' });
    expect(h.actor.getSnapshot().context.error).toBe('notANumber');
    h.actor.send({ type: 'bet.stake.change', stake: '' });
    h.actor.send({ type: 'bet.submit' });
    expect(h.actor.getSnapshot().context.error).toBe('stakeRequired');
    expect(h.placed).toHaveLength(0);
  });

  it('stakeWithTooManyDecimals: refused with its own problem, never rounded to the currency', async () => {
    const h = harness({});
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    await ready(h.actor);
    for (const stake of ['10.001', '10.009', '0.005']) {
      h.actor.send({ type: 'bet.stake.change', stake });
      h.actor.send({ type: 'bet.submit' });
      expect(h.actor.getSnapshot().context.error).toBe(StakeDecimalsProblem);
      expect(h.actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
    }
    expect(h.placed).toHaveLength(0);
    // Trailing zeros are not extra digits (protocol toMinorUnits): 10.010 is 10.01.
    h.actor.send({ type: 'bet.stake.change', stake: '10.010' });
    h.actor.send({ type: 'bet.submit' });
    h.actor.send({ type: 'bet.confirm', requestId: 'decimals-1' });
    await waitFor(h.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    expect(h.placed[0]?.stake).toBe(1001);
  });

  it('changeStakeMin sets the stake to the limit with the currency digits', async () => {
    const h = harness({ place: () => ({ ok: false, error: { code: 'changeStakeMin' } }) });
    await placeSingle(h);
    await waitFor(h.actor, (x) => x.matches({ open: 'ready' }) && x.context.error !== null, {
      timeout: 2000,
    });
    expect(h.actor.getSnapshot().context.stake).toBe('5.00');
  });

  it('an actor that throws something unexpected is a systemError on the slip, not a crash', async () => {
    const machine = betSlipMachine.provide({
      actors: {
        betCheck: fromPromise(async (): Promise<CheckedPick[]> => {
          throw new TypeError('boom');
        }),
        oddsWatch: fromEventObservable(() => new Subject<LiveQuote>().pipe(mapToEvent)),
      },
    });
    const actor = createActor(machine, { input: { account } }).start();
    actor.send({ type: 'bet.select', selection: pick(1) });
    const snap = await waitFor(actor, (x) => x.matches({ open: 'ready' }), { timeout: 2000 });
    expect(snap.context.error).toBe('systemError');
    expect(snap.status).toBe('active');
    actor.stop();
  });

  it('checks negative MY odds on the amount at risk (stake x |odds|)', async () => {
    const h = harness({ input: { account: { ...account, oddsFormat: 'MY' } } });
    // DEC 2.25 = MY -0.80: a stake of 5000 wins 5000 and risks 4000, under the max of 5000.
    h.actor.send({ type: 'bet.select', selection: pick(1, { price: 2.25 }) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.stake.change', stake: '6000' });
    h.actor.send({ type: 'bet.submit' });
    expect(h.actor.getSnapshot().matches({ open: 'confirming' })).toBe(true);
  });

  it('starts from the preferred stake (default stake mode 3)', async () => {
    const h = harness({ input: { betting: { defaultStake: 3, defaultStakeAmount: 50 } } });
    h.actor.send({ type: 'bet.select', selection: pick(1), requestId: 'click-1' });
    const s = await ready(h.actor);
    expect(s.context.stake).toBe('50.00');
    expect(h.placed).toHaveLength(0);
  });

  it('quickBetPlacesItsAmount: one click places the quick bet amount at once (not the default stake), no confirm step', async () => {
    const h = harness({
      input: { betting: { defaultStake: 3, defaultStakeAmount: 50, quickBet: true, quickBetAmount: 25 } },
    });
    h.actor.send({ type: 'bet.select', selection: pick(1), requestId: 'quick-1' });
    await waitFor(h.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    expect(h.placed).toHaveLength(1);
    expect(h.placed[0]?.stake).toBe(2500);
    expect(h.placed[0]?.requestId).toBe('quick-1');
    // The next click is a quick bet of its own.
    h.actor.send({ type: 'bet.select', selection: pick(2), requestId: 'quick-2' });
    await waitFor(h.actor, (x) => x.matches('accepted') && h.placed.length === 2, { timeout: 2000 });
    expect(h.placed[1]).toMatchObject({ stake: 2500, requestId: 'quick-2' });
  });

  it('quickBetNeedsAmount: quick bet on with no amount opens the slip as usual', async () => {
    const h = harness({ input: { betting: { defaultStakeAmount: 50, quickBet: true, quickBetAmount: 0 } } });
    h.actor.send({ type: 'bet.select', selection: pick(1), requestId: 'quick-1' });
    const s = await ready(h.actor);
    expect(s.context.stake).toBe('50.00');
    expect(h.placed).toHaveLength(0);
  });

  it('quickBetPriceMoved: a check that moves the clicked price leaves the pick for Place and Confirm (oddsChanged); accept any odds places', async () => {
    const moved = (selections: readonly Selection[]) => ({
      ok: true as const,
      value: selections.map((x) => ({ oddsId: x.oddsId, price: 1.85, line: x.line, limits })),
    });
    const h = harness({ input: { betting: { quickBet: true, quickBetAmount: 25 } }, check: moved });
    h.actor.send({ type: 'bet.select', selection: pick(1), requestId: 'quick-1' });
    const s = await ready(h.actor);
    expect(s.context.error).toBe('oddsChanged');
    expect(s.context.selections[0]?.price).toBe(1.85);
    expect(s.context.stake).toBe('25.00');
    expect(h.placed).toHaveLength(0);
    // Better odds accepted does not cover a lower price.
    const better = harness({
      input: { betting: { quickBet: true, quickBetAmount: 25, acceptBetterOdds: true } },
      check: moved,
    });
    better.actor.send({ type: 'bet.select', selection: pick(1), requestId: 'quick-2' });
    await ready(better.actor);
    expect(better.placed).toHaveLength(0);
    const any = harness({
      input: { betting: { quickBet: true, quickBetAmount: 25, acceptAnyOdds: true } },
      check: moved,
    });
    any.actor.send({ type: 'bet.select', selection: pick(1), requestId: 'quick-3' });
    await waitFor(any.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    expect(any.placed[0]).toMatchObject({ stake: 2500, requestId: 'quick-3' });
  });

  it('quickBetOverLimit: a quick bet amount past the max stake is not placed; the slip says why', async () => {
    const h = harness({ input: { betting: { quickBet: true, quickBetAmount: 6000 } } });
    h.actor.send({ type: 'bet.select', selection: pick(1), requestId: 'quick-1' });
    const s = await ready(h.actor);
    expect(s.context.error).toBe('betOverMax');
    expect(h.placed).toHaveLength(0);
  });

  it('prefsChange: betting settings changed after the slip started reach the next pick', async () => {
    const h = harness({});
    h.actor.send({ type: 'prefs.change', betting: { defaultStake: 3, defaultStakeAmount: 40 } });
    h.actor.send({ type: 'bet.select', selection: pick(1), requestId: 'click-1' });
    expect((await ready(h.actor)).context.stake).toBe('40.00');
    expect(h.placed).toHaveLength(0);
    h.actor.send({ type: 'prefs.change', betting: { quickBet: true, quickBetAmount: 12 } });
    h.actor.send({ type: 'bet.select', selection: pick(2), requestId: 'quick-1' });
    await waitFor(h.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    expect(h.placed[0]).toMatchObject({ stake: 1200, requestId: 'quick-1' });
  });

  it('passes accept better odds and accept any odds to the placement', async () => {
    const h = harness({});
    h.actor.send({ type: 'bet.accept.change', acceptBetterOdds: true, acceptAnyOdds: true });
    await placeSingle(h);
    await waitFor(h.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    expect(h.placed[0]?.acceptBetterOdds).toBe(true);
    expect(h.placed[0]?.acceptAnyOdds).toBe(true);
  });
});

describe('betSlipMachine: odds on the stream', () => {
  it('re-quotes a moved price with oddsIsUpdating and blocks placing until the check returns', async () => {
    let release: (() => void) | undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const h = harness({
      check: async (selections, n) => {
        if (n === 2) await gate;
        return {
          ok: true,
          value: selections.map((s) => ({ oddsId: s.oddsId, price: s.price, line: s.line, limits })),
        };
      },
    });
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    await ready(h.actor);
    h.quotes.next({ oddsId: '1-HDP-0', suspended: false, stale: false, price: 1.95, line: -0.25 });
    const during = h.actor.getSnapshot();
    expect(during.matches({ open: 'checking' })).toBe(true);
    expect(during.context.oddsIsUpdating).toBe(true);
    expect(during.context.selections[0]?.price).toBe(1.95);
    release?.();
    const after = await ready(h.actor);
    expect(after.context.oddsIsUpdating).toBe(false);
    expect(h.checks).toBe(2);
  });

  it('re-checks a moved price without dropping its subscription to the odds stream', async () => {
    const h = harness({});
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    await ready(h.actor);
    expect(h.watches).toBe(1);
    h.quotes.next({ oddsId: '1-HDP-0', suspended: false, stale: false, price: 1.95, line: -0.25 });
    h.quotes.next({ oddsId: '1-HDP-0', suspended: false, stale: false, price: 1.9, line: -0.25 });
    const after = await ready(h.actor);
    expect(after.context.selections[0]?.price).toBe(1.9);
    expect(h.checks).toBe(3);
    expect(h.watches).toBe(1);
    // A changed slip is a new set of picks to watch.
    h.actor.send({ type: 'bet.select', selection: pick(2) });
    await ready(h.actor);
    expect(h.watches).toBe(2);
  });

  it('locks placing while a market is suspended or its topic stale, and unlocks when it reopens', async () => {
    const h = harness({});
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.stake.change', stake: '10' });
    h.quotes.next({ oddsId: '1-HDP-0', suspended: true, stale: false, price: 1.9, line: -0.25 });
    h.actor.send({ type: 'bet.submit' });
    expect(h.actor.getSnapshot().context.error).toBe('marketSuspended');
    h.quotes.next({ oddsId: '1-HDP-0', suspended: false, stale: true, price: 1.9, line: -0.25 });
    h.actor.send({ type: 'bet.submit' });
    expect(h.actor.getSnapshot().context.error).toBe('marketSuspended');
    h.quotes.next({ oddsId: '1-HDP-0', suspended: false, stale: false, price: 1.9, line: -0.25 });
    h.actor.send({ type: 'bet.submit' });
    expect(h.actor.getSnapshot().matches({ open: 'confirming' })).toBe(true);
  });

  it('a suspension that arrives during confirmation stops the placement', async () => {
    const h = harness({});
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.stake.change', stake: '10' });
    h.actor.send({ type: 'bet.submit' });
    h.quotes.next({ oddsId: '1-HDP-0', suspended: true, stale: false, price: null, line: null });
    h.actor.send({ type: 'bet.confirm', requestId: 'k' });
    expect(h.actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
    expect(h.placed).toHaveLength(0);
  });
});

describe('betSlipMachine: placement failures', () => {
  const lands = ErrorCatalogue.map((e) => e.code).filter(
    (code) =>
      ![
        'oddsChanged',
        'marketTypeChanged',
        'requestFailed',
        'requestTimeout',
        'requestProcessing',
        'requestPending',
        'timeoutError',
      ].includes(code),
  );

  it.each(lands)(
    '%s: back to the slip with the code shown and the catalogue action emitted',
    async (code) => {
      const h = harness({ place: () => ({ ok: false, error: { code } }) });
      await placeSingle(h);
      const s = await waitFor(h.actor, (x) => x.matches({ open: 'ready' }) && h.placed.length === 1, {
        timeout: 2000,
      });
      expect(s.context.error).toBe(code);
      const notify = h.emitted.find((e) => e.type === 'slip.notify');
      expect(notify).toEqual({
        type: 'slip.notify',
        code,
        action: uiActionFor(code, { loggedIn: true, callerWantsDialog: true }),
      });
      expect(h.emitted.some((e) => e.type === 'balance.refresh')).toBe(false);
      expect(s.context.requestId).toBeNull();
    },
  );

  it('marketTypeChanged removes the slip', async () => {
    const h = harness({ place: () => ({ ok: false, error: { code: 'marketTypeChanged' } }) });
    await placeSingle(h);
    const s = await waitFor(h.actor, (x) => x.matches('empty'), { timeout: 2000 });
    expect(s.context.selections).toEqual([]);
    expect(h.emitted.find((e) => e.type === 'slip.notify')).toMatchObject({
      code: 'marketTypeChanged',
      action: { removeBetSlip: true },
    });
  });

  it('marketTypeChanged on betcheck removes the slip too', async () => {
    const h = harness({
      check: () => ({ ok: false, error: { code: 'marketTypeChanged', oddsId: '1-HDP-0' } }),
    });
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    await waitFor(h.actor, (x) => x.matches('empty'), { timeout: 2000 });
  });

  it('oddsChanged re-quotes with oddsIsUpdating and lets the player place again with a new key', async () => {
    const h = harness({
      place: (_, n) =>
        n === 1 ? { ok: false, error: { code: 'oddsChanged' } } : { ok: true, value: bet('running') },
      check: (selections, n) => ({
        ok: true,
        value: selections.map((s) => ({
          oddsId: s.oddsId,
          price: n === 1 ? 1.9 : 1.85,
          line: s.line,
          limits,
        })),
      }),
    });
    await placeSingle(h);
    const s = await waitFor(h.actor, (x) => x.matches({ open: 'ready' }) && h.checks === 2, {
      timeout: 2000,
    });
    expect(s.context.error).toBe('oddsChanged');
    expect(s.context.selections[0]?.price).toBe(1.85);
    expect(s.context.oddsIsUpdating).toBe(false);
    h.actor.send({ type: 'bet.submit' });
    h.actor.send({ type: 'bet.confirm', requestId: 'key-2' });
    await waitFor(h.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    expect(h.placed.map((p) => p.requestId)).toEqual(['key-1', 'key-2']);
  });

  it.each(['requestFailed', 'requestTimeout', 'requestProcessing'])(
    '%s: a retry sends the same idempotency key',
    async (code) => {
      const h = harness({
        place: (_, n) => (n === 1 ? { ok: false, error: { code } } : { ok: true, value: bet('running') }),
      });
      await placeSingle(h);
      await waitFor(h.actor, (x) => x.matches('placeFailed'), { timeout: 2000 });
      h.actor.send({ type: 'bet.retry' });
      await waitFor(h.actor, (x) => x.matches('accepted'), { timeout: 2000 });
      expect(h.placed.map((p) => p.requestId)).toEqual(['key-1', 'key-1']);
    },
  );

  it('changeStakeMax sets the stake to the maximum', async () => {
    const h = harness({ place: () => ({ ok: false, error: { code: 'changeStakeMax' } }) });
    await placeSingle(h);
    const s = await waitFor(h.actor, (x) => x.matches({ open: 'ready' }) && h.placed.length === 1, {
      timeout: 2000,
    });
    expect(s.context.stake).toBe('5000.00');
  });

  it('changeStakeMax with the max the upstream offers now sets the stake to that, not the stale check', async () => {
    const h = harness({ place: () => ({ ok: false, error: { code: 'changeStakeMax', stakeTo: 250_000 } }) });
    await placeSingle(h);
    const s = await waitFor(h.actor, (x) => x.matches({ open: 'ready' }) && h.placed.length === 1, {
      timeout: 2000,
    });
    expect(s.context.stake).toBe('2500.00');
    expect(s.context.error).toBe('changeStakeMax');
  });

  it('a session code emits the logout action for the session machine', async () => {
    const h = harness({ place: () => ({ ok: false, error: { code: 'session_expired' } }) });
    await placeSingle(h);
    await waitFor(h.actor, (x) => x.matches({ open: 'ready' }) && h.placed.length === 1, { timeout: 2000 });
    expect(h.emitted.find((e) => e.type === 'slip.notify')).toMatchObject({ action: { logout: true } });
  });

  it('a suspended market on betcheck locks the pick', async () => {
    const h = harness({
      check: () => ({ ok: false, error: { code: 'marketSuspended', oddsId: '1-HDP-0' } }),
    });
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    const s = await ready(h.actor);
    expect(s.context.quotes['1-HDP-0']?.suspended).toBe(true);
    h.actor.send({ type: 'bet.stake.change', stake: '10' });
    h.actor.send({ type: 'bet.submit' });
    expect(h.actor.getSnapshot().context.error).toBe('marketSuspended');
  });
});

describe('betSlipMachine: parlays', () => {
  it('mix parlay: one pick per match (a newer pick replaces), 2..12, live needs 3', async () => {
    const h = harness({});
    h.actor.send({ type: 'bet.mode.change', mode: 'parlay' });
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.stake.change', stake: '10' });
    h.actor.send({ type: 'bet.submit' });
    expect(h.actor.getSnapshot().context.error).toBe('atLeastTwoMatchToBetParlay');
    h.actor.send({ type: 'bet.select', selection: pick(2, { live: true }) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.select', selection: pick(1, { oddsId: '1-OU-0', betType: 'OU', line: 2.5 }) });
    await ready(h.actor);
    expect(h.actor.getSnapshot().context.selections.map((s) => s.oddsId)).toEqual(['2-HDP-0', '1-OU-0']);
    h.actor.send({ type: 'bet.submit' });
    expect(h.actor.getSnapshot().context.error).toBe('atLeastThreeMatchToBetParlay');
    h.actor.send({ type: 'bet.select', selection: pick(3) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.submit' });
    h.actor.send({ type: 'bet.confirm', requestId: 'p-1' });
    await waitFor(h.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    expect(h.placed[0]?.mode).toBe('parlay');
    expect(h.placed[0]?.selections).toHaveLength(3);
  });

  it('mix parlay refuses a thirteenth pick (maxParlayTicket) and a match closed to parlays', async () => {
    const h = harness({});
    h.actor.send({ type: 'bet.mode.change', mode: 'parlay' });
    for (let i = 1; i <= 13; i++) h.actor.send({ type: 'bet.select', selection: pick(i) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.stake.change', stake: '10' });
    h.actor.send({ type: 'bet.submit' });
    expect(h.actor.getSnapshot().context.error).toBe('maxParlayTicket');
    h.actor.send({ type: 'bet.remove', oddsId: '13-HDP-0' });
    h.actor.send({ type: 'bet.select', selection: pick(14, { parlay: false }) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.remove', oddsId: '12-HDP-0' });
    await ready(h.actor);
    h.actor.send({ type: 'bet.submit' });
    expect(h.actor.getSnapshot().context.error).toBe('matchNotAllowBet');
  });

  it('system parlay: the chosen sizes and the unit stake go to betsysparlay', async () => {
    const h = harness({});
    h.actor.send({ type: 'bet.mode.change', mode: 'system' });
    for (let i = 1; i <= 3; i++) h.actor.send({ type: 'bet.select', selection: pick(i) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.sizes.change', sizes: [2] });
    h.actor.send({ type: 'bet.stake.change', stake: '10' });
    h.actor.send({ type: 'bet.submit' });
    h.actor.send({ type: 'bet.confirm', requestId: 's-1' });
    await waitFor(h.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    expect(h.placed[0]).toMatchObject({ mode: 'system', sizes: [2], stake: 1000 });
  });

  it('Myanmar: a single and a Myanmar parlay of Myanmar rows', async () => {
    const mmo = (id: number) =>
      pick(id, {
        topic: 'odds/1/mmo/today',
        oddsId: `${id}-MHDP-0`,
        betType: 'MHDP',
        line: '1+50',
        price: 0,
      });
    const h = harness({
      input: { account: { ...account, currency: 'MMK', myanmar: true, oddsFormat: 'MY' } },
    });
    await placeSingle(h, mmo(1));
    await waitFor(h.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    h.actor.send({ type: 'bet.keep' });
    h.actor.send({ type: 'bet.mode.change', mode: 'parlay' });
    h.actor.send({ type: 'bet.select', selection: mmo(2) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.submit' });
    h.actor.send({ type: 'bet.confirm', requestId: 'm-2' });
    await waitFor(h.actor, (x) => x.matches('accepted') && h.placed.length === 2, { timeout: 2000 });
    expect(h.placed[1]?.selections.map((s) => s.betType)).toEqual(['MHDP', 'MHDP']);
  });
});

describe('betSlipMachine: view-only (suspended) account', () => {
  const viewOnly: SlipAccount = { ...account, viewOnly: true };

  it('viewOnlyAccountCannotSubmit: a slip is built and checked, but submit stays in ready with code suspend', async () => {
    const h = harness({ input: { account: viewOnly } });
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.stake.change', stake: '10' });
    h.actor.send({ type: 'bet.submit' });
    const s = h.actor.getSnapshot();
    expect(s.matches({ open: 'ready' })).toBe(true);
    expect(s.context.error).toBe('suspend');
    expect(h.placed).toHaveLength(0);
  });

  it('viewOnlyAccountCannotConfirm: an account suspended while confirming is refused at bet.confirm', async () => {
    const h = harness({});
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.stake.change', stake: '10' });
    h.actor.send({ type: 'bet.submit' });
    expect(h.actor.getSnapshot().matches({ open: 'confirming' })).toBe(true);
    h.actor.send({ type: 'account.change', account: viewOnly });
    h.actor.send({ type: 'bet.confirm', requestId: 'key-1' });
    const s = h.actor.getSnapshot();
    expect(s.matches({ open: 'ready' })).toBe(true);
    expect(s.context.error).toBe('suspend');
    expect(h.placed).toHaveLength(0);
  });

  it('viewOnlyAccountNoQuickBet: a quick bet is not placed for a view-only account', async () => {
    const h = harness({
      input: {
        account: viewOnly,
        betting: { defaultStake: 3, defaultStakeAmount: 50, quickBet: true, quickBetAmount: 50 },
      },
    });
    h.actor.send({ type: 'bet.select', selection: pick(1), requestId: 'quick-1' });
    await ready(h.actor);
    expect(h.checks).toBe(1);
    expect(h.placed).toHaveLength(0);
  });

  it('viewOnlyAccountCannotRetry: a failed placement is not retried once the account is suspended', async () => {
    const h = harness({ place: () => ({ ok: false, error: { code: 'requestTimeout' } }) });
    await placeSingle(h);
    await waitFor(h.actor, (x) => x.matches('placeFailed'), { timeout: 2000 });
    h.actor.send({ type: 'account.change', account: viewOnly });
    h.actor.send({ type: 'bet.retry' });
    const s = h.actor.getSnapshot();
    expect(s.matches('placeFailed')).toBe(true);
    expect(s.context.error).toBe('suspend');
    expect(h.placed).toHaveLength(1);
  });

  it('an account that is no longer view-only places again', async () => {
    const h = harness({ input: { account: viewOnly } });
    h.actor.send({ type: 'account.change', account });
    await placeSingle(h);
    await waitFor(h.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    expect(h.placed).toHaveLength(1);
  });
});

describe('betSlipMachine: confirm step', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('confirmIgnoredRightAfterSubmit: Confirm within the confirm delay is ignored (a double click), a later one places', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = harness({ input: { confirmDelayMs: ConfirmDelayMs } });
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.stake.change', stake: '10' });
    h.actor.send({ type: 'bet.submit' });
    // The second click of a double click lands on Confirm: ignored, the step stays open.
    h.actor.send({ type: 'bet.confirm', requestId: 'too-soon' });
    vi.advanceTimersByTime(ConfirmDelayMs - 1);
    h.actor.send({ type: 'bet.confirm', requestId: 'still-too-soon' });
    expect(h.actor.getSnapshot().matches({ open: { confirming: 'arming' } })).toBe(true);
    expect(h.placed).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(h.actor.getSnapshot().matches({ open: { confirming: 'armed' } })).toBe(true);
    h.actor.send({ type: 'bet.confirm', requestId: 'deliberate' });
    await waitFor(h.actor, (x) => x.matches('accepted'));
    expect(h.placed.map((p) => p.requestId)).toEqual(['deliberate']);
  });

  it('cancel during the delay goes back to the slip, and a new submit waits again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const h = harness({ input: { confirmDelayMs: ConfirmDelayMs } });
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.stake.change', stake: '10' });
    h.actor.send({ type: 'bet.submit' });
    h.actor.send({ type: 'bet.cancel' });
    expect(h.actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
    vi.advanceTimersByTime(ConfirmDelayMs * 2);
    h.actor.send({ type: 'bet.submit' });
    h.actor.send({ type: 'bet.confirm', requestId: 'x' });
    expect(h.actor.getSnapshot().matches({ open: { confirming: 'arming' } })).toBe(true);
    expect(h.placed).toHaveLength(0);
  });
});

describe('betSlipMachine: one pick per match in a parlay', () => {
  it('replacedPickIsSaid: a second pick of the same match replaces the first and says which', async () => {
    const h = harness({});
    h.actor.send({ type: 'bet.mode.change', mode: 'parlay' });
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    h.actor.send({ type: 'bet.select', selection: pick(2) });
    expect(h.actor.getSnapshot().context.replaced).toBeNull();
    const over = pick(1, { oddsId: '1-OU-0', betType: 'OU', line: 2.5, label: 'Over 2.5' });
    h.actor.send({ type: 'bet.select', selection: over });
    const s = h.actor.getSnapshot().context;
    expect(s.selections.map((x) => x.oddsId)).toEqual(['2-HDP-0', '1-OU-0']);
    expect(s.replaced?.oddsId).toBe('1-HDP-0');
    // The next change of the picks ends the notice; a click on a pick already there removes it (no notice).
    h.actor.send({ type: 'bet.select', selection: pick(3) });
    expect(h.actor.getSnapshot().context.replaced).toBeNull();
    h.actor.send({ type: 'bet.select', selection: pick(3) });
    expect(h.actor.getSnapshot().context.replaced).toBeNull();
    expect(h.actor.getSnapshot().context.selections).toHaveLength(2);
  });

  it('a single replacing its pick is no notice', () => {
    const h = harness({});
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    h.actor.send({ type: 'bet.select', selection: pick(1, { oddsId: '1-OU-0' }) });
    expect(h.actor.getSnapshot().context.replaced).toBeNull();
  });
});

describe('betSlipMachine: restored after a reload', () => {
  const saved = (extra: Partial<SavedSlip>): SavedSlip => ({
    step: 'open',
    mode: 'single',
    selections: [pick(1)],
    stake: '10',
    sizes: null,
    acceptBetterOdds: false,
    acceptAnyOdds: false,
    lastStake: '',
    requestId: null,
    bet: null,
    ...extra,
  });

  it('restoredPlacingResendsSameKey: a reload after Confirm sends the same request_id and says what happened', async () => {
    const h = harness({ input: { restore: saved({ step: 'placing', requestId: 'key-before-reload' }) } });
    const s = await waitFor(h.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    expect(h.placed.map((p) => p.requestId)).toEqual(['key-before-reload']);
    expect(h.placed[0]).toMatchObject({ stake: 1000, mode: 'single' });
    expect(s.context.resumed).toBe(true);
    expect(h.checks).toBe(0);
    h.actor.send({ type: 'bet.keep' });
    expect(h.actor.getSnapshot().context.resumed).toBe(false);
  });

  it('a reload in the confirm step checks the picks again and reopens the confirm step', async () => {
    const h = harness({ input: { restore: saved({ step: 'confirming', stake: '25' }) } });
    const s = await waitFor(h.actor, (x) => x.matches({ open: 'confirming' }), { timeout: 2000 });
    expect(h.checks).toBe(1);
    expect(s.context.stake).toBe('25');
    expect(s.context.selections.map((x) => x.oddsId)).toEqual(['1-HDP-0']);
    expect(h.placed).toHaveLength(0);
  });

  it('a reloaded confirm step waits for a stale pick to come back live, then reopens', async () => {
    const h = harness({
      input: { restore: saved({ step: 'confirming' }) },
      check: async (selections) => {
        // The stream says stale while it connects, before the check answers.
        await Promise.resolve();
        h.quotes.next({ oddsId: '1-HDP-0', suspended: false, stale: true, price: 1.9, line: -0.25 });
        return {
          ok: true,
          value: selections.map((s) => ({ oddsId: s.oddsId, price: s.price, line: s.line, limits })),
        };
      },
    });
    await ready(h.actor);
    expect(h.actor.getSnapshot().context.resumeConfirm).toBe(true);
    h.quotes.next({ oddsId: '1-HDP-0', suspended: false, stale: false, price: 1.9, line: -0.25 });
    expect(h.actor.getSnapshot().matches({ open: 'confirming' })).toBe(true);
    // Cancel: back to the slip, and it stays there.
    h.actor.send({ type: 'bet.cancel' });
    h.quotes.next({ oddsId: '1-HDP-0', suspended: false, stale: false, price: 1.9, line: -0.25 });
    expect(h.actor.getSnapshot().matches({ open: 'ready' })).toBe(true);
  });

  it('a reloaded waiting bet is followed to its decision; a rejected one shows its reason', async () => {
    const w = harness({ input: { restore: saved({ step: 'waiting', bet: bet('waiting') }) } });
    await waitFor(w.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    expect(w.placed).toHaveLength(0);
    const r = harness({
      input: { restore: saved({ step: 'rejected', bet: bet('rejected', { reject_reason: 'oddsChanged' }) }) },
    });
    expect(r.actor.getSnapshot().matches('rejected')).toBe(true);
    expect(r.actor.getSnapshot().context.error).toBe('oddsChanged');
  });

  it('what is saved of each step reads back as the same slip', async () => {
    const h = harness({});
    expect(savedSlipOf(h.actor.getSnapshot())).toBeNull();
    h.actor.send({ type: 'bet.mode.change', mode: 'parlay' });
    h.actor.send({ type: 'bet.select', selection: pick(1) });
    h.actor.send({ type: 'bet.select', selection: pick(2) });
    await ready(h.actor);
    h.actor.send({ type: 'bet.stake.change', stake: '10' });
    const open = savedSlipOf(h.actor.getSnapshot());
    expect(open).toMatchObject({ step: 'open', mode: 'parlay', stake: '10', requestId: null, bet: null });
    expect(parseSavedSlip(serializeSavedSlip(open as SavedSlip))).toEqual(open);
    h.actor.send({ type: 'bet.submit' });
    expect(savedSlipOf(h.actor.getSnapshot())?.step).toBe('confirming');
    h.actor.send({ type: 'bet.confirm', requestId: 'k-1' });
    expect(savedSlipOf(h.actor.getSnapshot())).toMatchObject({ step: 'placing', requestId: 'k-1' });
    await waitFor(h.actor, (x) => x.matches('accepted'), { timeout: 2000 });
    const done = savedSlipOf(h.actor.getSnapshot());
    expect(done).toMatchObject({ step: 'accepted', requestId: null, bet: { status: 'running' } });
    expect(parseSavedSlip(serializeSavedSlip(done as SavedSlip))).toEqual(done);
    h.actor.send({ type: 'bet.clear' });
    expect(savedSlipOf(h.actor.getSnapshot())).toBeNull();
  });

  it('a broken or foreign stored value counts as absent', () => {
    for (const text of [null, '', '{', '[]', '{"v":2}', '{"v":1,"step":"placing"}'])
      expect(parseSavedSlip(text)).toBeNull();
    const placingWithoutKey = serializeSavedSlip({
      step: 'placing',
      mode: 'single',
      selections: [pick(1)],
      stake: '10',
      sizes: null,
      acceptBetterOdds: false,
      acceptAnyOdds: false,
      lastStake: '',
      requestId: null,
      bet: null,
    });
    expect(parseSavedSlip(placingWithoutKey)).toBeNull();
  });
});
