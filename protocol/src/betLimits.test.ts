/**
 * player_bet_limit keyed by sport / bet category (SPEC section 3) or as a list: both pass the login
 * reply's schema, and `normalizeBetLimits` gives the one list form the clients read.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeBetLimits } from './replies.ts';
import { accountFromLogin, type LoginReply, type PlayerBetLimit, validateReply } from './schemas/index.ts';

const figures = fc.record({
  min_bet: fc.integer({ min: 1, max: 1_000 }),
  max_bet: fc.integer({ min: 1_000, max: 1_000_000 }),
  max_payout: fc.integer({ min: 1_000, max: 10_000_000 }),
});
const category = fc.constantFrom('all', 'HDP', 'OU', '1X2', 'OR', 'parlay', 'mmo', 'default');
const sportId = fc.integer({ min: 1, max: 999 });

function login(limits: unknown): unknown {
  return {
    status: 1,
    statusdesc: 'success',
    member_profile: {
      player_info: [
        {
          account_id: 'p1',
          session_token: 'tok',
          nickname: '',
          has_secondary_account: 0,
          operator_type: 1,
          parent_id: 'ag01',
          comm_type: 'A',
        },
      ],
      player_wallet: [{ available_balance: 1, cash_balance: 1, frozen_balance: 0, currency_code: 'MYR' }],
      player_bet_limit: limits,
    },
  };
}

/** Logs in with `limits` and answers the account's normalised limits (null: the login fails). */
function loggedInLimits(limits: unknown): readonly PlayerBetLimit[] | null {
  const checked = validateReply('authlogin', login(limits));
  if (!checked.ok) return null;
  return accountFromLogin(checked.value as LoginReply)?.betLimits ?? null;
}

const sortKey = (l: PlayerBetLimit) => `${String(l.sport_type)}|${l.bet_type ?? ''}`;
const sorted = (list: readonly PlayerBetLimit[]) =>
  [...list].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));

describe('player_bet_limit: list or keyed by sport / bet category', () => {
  it('a keyed object does not fail the login; every shape reads as the same list', () => {
    const limit = { min_bet: 5, max_bet: 5_000, max_payout: 50_000 };
    const parlay = { min_bet: 5, max_bet: 1_000, max_payout: 50_000 };
    const expected = [
      { sport_type: 1, bet_type: 'all', ...limit },
      { sport_type: 0, bet_type: 'parlay', ...parlay },
    ];
    expect(loggedInLimits(expected)).toEqual(expected);
    expect(loggedInLimits({ 1: limit, parlay })).toEqual(expected);
    expect(loggedInLimits({ 1: { all: limit, HDP: parlay } })).toEqual([
      { sport_type: 1, bet_type: 'all', ...limit },
      { sport_type: 1, bet_type: 'HDP', ...parlay },
    ]);
    expect(loggedInLimits({})).toEqual([]);
  });

  it('a limit without its figures still fails the login (SPEC: min_bet, max_bet, max_payout)', () => {
    expect(loggedInLimits({ 1: { min_bet: 5, max_bet: 10 } })).toBeNull();
    expect(loggedInLimits({ 1: { HDP: { min_bet: '5', max_bet: 10, max_payout: 20 } } })).toBeNull();
    expect(loggedInLimits('none')).toBeNull();
  });

  it('normalises: the list as it is, flat keys, sport then category; idempotent', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(sportId, category, figures), {
          selector: ([sport, cat]) => `${sport}|${cat}`,
          maxLength: 30,
        }),
        (rows) => {
          // By sport then category.
          const nested: Record<string, Record<string, (typeof rows)[number][2]>> = {};
          for (const [sport, cat, f] of rows) nested[String(sport)] = { ...nested[String(sport)], [cat]: f };
          const fromNested = loggedInLimits(nested);
          const asList = rows.map(([sport, cat, f]) => ({ sport_type: sport, bet_type: cat, ...f }));
          expect(fromNested && sorted(fromNested)).toEqual(sorted(asList));
          // The list form is kept, and normalising twice changes nothing.
          expect(loggedInLimits(asList)).toEqual(asList);
          expect(normalizeBetLimits(normalizeBetLimits(nested))).toEqual(normalizeBetLimits(nested));
          // Flat: a sport id key is the sport's limit for every bet, another key a category.
          const flat: Record<string, (typeof rows)[number][2]> = {};
          for (const [sport, cat, f] of rows) flat[cat === 'all' ? String(sport) : cat] = f;
          const fromFlat = loggedInLimits(flat) ?? [];
          expect(fromFlat).toHaveLength(Object.keys(flat).length);
          for (const entry of fromFlat) {
            const key = entry.bet_type === 'all' ? String(entry.sport_type) : (entry.bet_type ?? '');
            expect(entry.sport_type === 0 || entry.bet_type === 'all').toBe(true);
            expect({ min_bet: entry.min_bet, max_bet: entry.max_bet, max_payout: entry.max_payout }).toEqual(
              flat[key],
            );
          }
        },
      ),
    );
  });

  it('leaves out what is not a limit when called on raw data', () => {
    expect(normalizeBetLimits(null)).toEqual([]);
    expect(normalizeBetLimits(undefined)).toEqual([]);
    expect(
      normalizeBetLimits({ 1: { HDP: { min_bet: 1, max_bet: 2, max_payout: 3 }, x: null } } as never),
    ).toEqual([{ sport_type: 1, bet_type: 'HDP', min_bet: 1, max_bet: 2, max_payout: 3 }]);
  });
});
