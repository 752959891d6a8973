import { validateBody } from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Auth } from '../../shared/result.ts';
import { BoardMarketTypes, MarketTabs } from '../board/view.ts';
import type { SettingsFields, SettingsOutcome, StatusOutcome } from './accountApi.ts';
import {
  applyPatch,
  type BoardLayout,
  boardLayoutOf,
  boardLayoutPatch,
  defaultLayout,
  MenuScopes,
  parseLayout,
  patchNeedsUpstream,
  serverPatch,
  settingsFields,
} from './layout.ts';
import { preferencesMachine } from './preferencesMachine.ts';

const ids = (max: number) =>
  fc.uniqueArray(fc.integer({ min: 0, max: 1_000_000 }), { maxLength: max }).map((list) => list);

const boardArb = (myanmar: boolean): fc.Arbitrary<BoardLayout> =>
  fc.record({
    scope: fc.constantFrom(...MenuScopes),
    tab: fc.constantFrom(...MarketTabs),
    sportId: fc.integer({ min: 1, max: 1000 }),
    marketType: fc.constantFrom(...BoardMarketTypes, ...(myanmar ? (['mmo'] as const) : [])),
    days: ids(31),
    leagues: ids(40),
    sportsOrder: ids(20),
    minimizer: fc.record({ header: fc.boolean(), sidebar: fc.boolean(), asidebar: fc.boolean() }),
    quickOdds: fc.boolean(),
    sorting: fc.constantFrom(0 as const, 1 as const),
    lines: fc.constantFrom(1 as const, 2 as const),
    periods: fc.constantFrom(0 as const, 1 as const, 2 as const),
    mmoType: fc.constantFrom(0 as const, 1 as const, 2 as const),
  });

describe('the stored layout as the board applies it', () => {
  it('defaults: all leagues, today, soccer, HDP & O/U, nothing selected or folded, every column and line', () => {
    expect(boardLayoutOf(defaultLayout(), { myanmar: false })).toEqual({
      scope: 'all',
      tab: 'today',
      sportId: 1,
      marketType: 'hdpou',
      days: [],
      leagues: [],
      sportsOrder: [],
      minimizer: { header: false, sidebar: false, asidebar: false },
      quickOdds: true,
      sorting: 0,
      lines: 1,
      periods: 0,
      mmoType: 0,
    });
  });

  it('round trip: a board state stored (patch, storage, the server) reads back as the same state', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (myanmar, fromServer) =>
        fc.assert(
          fc.property(boardArb(myanmar), (board) => {
            let layout = applyPatch(defaultLayout(), boardLayoutPatch(board));
            // Through the browser's storage (JSON) and the usersettings fields read back at login.
            layout = parseLayout(JSON.parse(JSON.stringify(layout)));
            if (fromServer) layout = applyPatch(defaultLayout(), serverPatch(settingsFields(layout)));
            expect(boardLayoutOf(layout, { myanmar })).toEqual(board);
          }),
          { numRuns: 20 },
        ),
      ),
      { numRuns: 10 },
    );
  });

  it('every stored board state is a valid usersettings body (the upstream keeps it)', () => {
    fc.assert(
      fc.property(boardArb(true), (board) => {
        const layout = applyPatch(defaultLayout(), boardLayoutPatch(board));
        const body = { account_id: 'demo01', session_token: 't', ...settingsFields(layout) };
        expect(validateBody('usersettings', body).ok).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('a board change is saved upstream; theme, tour and game lists stay in the browser', () => {
    expect(patchNeedsUpstream(boardLayoutPatch({ tab: 'early' }))).toBe(true);
    expect(patchNeedsUpstream(boardLayoutPatch({ sorting: 1 }))).toBe(true);
    expect(patchNeedsUpstream({ menu: { theme: 'midnight' } })).toBe(false);
    expect(patchNeedsUpstream({ menu: { games: { favorites: [], recent: [] } } })).toBe(false);
  });

  it('anything stored reads as a valid board state (tampered, old or foreign values fall back)', () => {
    fc.assert(
      fc.property(fc.anything(), fc.boolean(), (junk, myanmar) => {
        const board = boardLayoutOf(parseLayout({ menu: junk, pageDisplay: junk }), { myanmar });
        expect(MenuScopes).toContain(board.scope);
        expect(MarketTabs).toContain(board.tab);
        expect([...BoardMarketTypes, ...(myanmar ? ['mmo'] : [])]).toContain(board.marketType);
        expect(board.sportId).toBeGreaterThan(0);
        for (const list of [board.days, board.leagues, board.sportsOrder])
          for (const n of list) expect(Number.isSafeInteger(n) && n >= 0).toBe(true);
      }),
      { numRuns: 300 },
    );
    const stored = { menu: { menu1: 'live', menu3: 'mmo', menu0: 'nope', selectedDays: [3, -1, 2.5, 3] } };
    const board = boardLayoutOf(parseLayout(stored), { myanmar: false });
    expect(board).toMatchObject({ tab: 'live', marketType: 'hdpou', scope: 'all', days: [3] });
    expect(boardLayoutOf(parseLayout(stored), { myanmar: true }).marketType).toBe('mmo');
  });
});

describe('the board state through the preferences machine', () => {
  it('a change made while the server settings load (a tab clicked at once) wins over them and is saved', async () => {
    let release!: (outcome: SettingsOutcome) => void;
    const sent: SettingsFields[] = [];
    const machine = preferencesMachine.provide({
      actors: {
        load: fromPromise<SettingsOutcome, { auth: Auth }>(
          () =>
            new Promise((resolve) => {
              release = resolve;
            }),
        ),
        save: fromPromise<StatusOutcome, { auth: Auth; settings: SettingsFields }>(async ({ input }) => {
          sent.push(input.settings);
          return { ok: true, value: null };
        }),
      },
    });
    const actor = createActor(machine, { input: { layout: defaultLayout() } }).start();
    actor.send({ type: 'auth.set', auth: { account_id: 'demo01', session_token: 't' } });
    actor.send({ type: 'prefs.update', patch: boardLayoutPatch({ tab: 'early' }) });
    // The server's settings: another tab, a sort order and a league selection.
    release({ ok: true, value: { menu1: 'live', eventSorting: 1, selectedLeagues: [7] } });
    await waitFor(actor, (s) => s.matches('idle') && sent.length > 0);
    const board = boardLayoutOf(actor.getSnapshot().context.layout, { myanmar: false });
    expect(board).toMatchObject({ tab: 'early', sorting: 1, leagues: [7] });
    expect(sent.at(-1)).toMatchObject({ menu1: 'early', eventSorting: 1, selectedLeagues: [7] });
    actor.stop();
  });
});
