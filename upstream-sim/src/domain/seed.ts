/**
 * The demo world of accounts: one agent line (shareholder -> super senior -> senior -> master ->
 * agent) and the members. Every demo member's password is `demo1234`.
 */
import type { AccountState } from '@sportsbook/protocol';
import type { BetLimit, Role } from './types.ts';

export const DemoPassword = 'demo1234';

export interface SeedAccount {
  id: string;
  role: Role;
  parentId: string | null;
  commissionBps: number;
  currency: string;
  state: AccountState;
  operatorType: 1 | 2;
  oddsType: 1 | 2 | 3 | 4 | 5;
  /** Opening balance in major units. */
  balance: number;
  note: string;
  /** The member may not use the 4D lottery (lotteryDisabled). */
  lotteryDisabled?: boolean;
  /** The member may not use tournament rooms (tournamentDisabled). */
  tournamentDisabled?: boolean;
  /** The member may not play live casino (liveCasinoDisabled). */
  liveCasinoDisabled?: boolean;
  /** The member may not play mini games (MiniGameDisabled). */
  miniGameDisabled?: boolean;
}

const line: SeedAccount[] = [
  { id: 'sh01', role: 'shareholder', parentId: null, commissionBps: 0 },
  { id: 'ss01', role: 'superSenior', parentId: 'sh01', commissionBps: 10 },
  { id: 'se01', role: 'senior', parentId: 'ss01', commissionBps: 15 },
  { id: 'ma01', role: 'master', parentId: 'se01', commissionBps: 20 },
  { id: 'ag01', role: 'agent', parentId: 'ma01', commissionBps: 25 },
].map(
  (a) =>
    ({
      ...a,
      currency: 'MYR',
      state: 'active',
      operatorType: 1,
      oddsType: 1,
      balance: 0,
      note: 'agent line',
    }) as SeedAccount,
);

function member(
  id: string,
  currency: string,
  balance: number,
  note: string,
  extra: Partial<SeedAccount> = {},
): SeedAccount {
  return {
    id,
    role: 'member',
    parentId: 'ag01',
    commissionBps: 25,
    currency,
    state: 'active',
    operatorType: 1,
    oddsType: 1,
    balance,
    note,
    ...extra,
  };
}

export function seedAccounts(loadAccounts: number): SeedAccount[] {
  const members: SeedAccount[] = [
    member('demo01', 'MYR', 10_000, 'MYR'),
    member('demo02', 'CNY', 20_000, 'CNY'),
    member('demo03', 'IDR', 30_000_000, 'IDR'),
    member('demo04', 'THB', 80_000, 'THB'),
    member('demo05', 'USD', 2_500, 'USD', { oddsType: 4 }),
    member('demo06', 'SGD', 3_000, 'SGD', { oddsType: 2 }),
    member('demo07', 'MMK', 5_000_000, 'MMK, Myanmar odds', { oddsType: 5 }),
    member('demo08', 'MYR', 10_000, 'operator_type 2 (vuserbalance)', { operatorType: 2 }),
    member('demo09', 'MYR', 1_000, 'suspended: view only', { state: 'suspend' }),
    member('demo10', 'MYR', 0, 'zero balance'),
    member('demo11', 'MYR', 1_000, 'closed: login answers CLOSE', { state: 'close' }),
    member('demo12', 'MYR', 1_000, 'blocked: login answers BLOCK', { state: 'block' }),
    member('demo13', 'MYR', 1_000, 'frozen: login answers freeze', { state: 'freeze' }),
    member('demo14', 'MYR', 1_000, 'inactive: login answers account_inactive', { state: 'inactive' }),
    member(
      'demo15',
      'MYR',
      1_000,
      'tournament disabled: rooms hidden, tournament calls answer tournamentDisabled',
      {
        tournamentDisabled: true,
      },
    ),
    member('demo16', 'MYR', 10_000, 'tournament player (rooms e2e)'),
    member('demo17', 'MYR', 10_000, 'tournament player (rooms e2e)'),
    member('demo18', 'MYR', 10_000, 'tournament player (rooms e2e)'),
    member('demo20', 'MYR', 1_000, 'lottery disabled: /w4d hidden, lottery calls answer lotteryDisabled', {
      lotteryDisabled: true,
    }),
    member('demo21', 'MYR', 1_000, 'live casino disabled: live and table games hidden, liveCasinoDisabled', {
      liveCasinoDisabled: true,
    }),
    member('demo22', 'MYR', 1_000, 'mini games disabled: mini games hidden, MiniGameDisabled', {
      miniGameDisabled: true,
    }),
    member('demo23', 'BDT', 250_000, 'BDT: the alternate sports menu order (SPEC section 9)'),
  ];
  for (let i = 1; i <= loadAccounts; i++) {
    members.push(member(`load${String(i).padStart(2, '0')}`, 'MYR', 100_000, 'load tests'));
  }
  return [...line, ...members];
}

/** Per-currency scale of the MYR limits below (roughly one MYR in that currency). */
export const LimitScale: Readonly<Record<string, number>> = {
  MYR: 1,
  CNY: 2,
  IDR: 3_500,
  THB: 8,
  USD: 0.25,
  SGD: 0.3,
  MMK: 500,
  MMO: 500,
  BDT: 25,
};

function limit(minBet: number, maxBet: number, maxPayout: number, scale: number): BetLimit {
  // Limits are integer minor units (2 digits for every listed currency).
  const minor = (major: number) => Math.round(major * scale) * 100;
  return {
    min_bet: minor(minBet),
    max_bet: minor(maxBet),
    max_payout: minor(maxPayout),
    max_per_match: minor(maxBet * 3),
  };
}

/** Limits keyed by sport id, plus parlay, mmo (Myanmar) and default (any other sport). */
export function defaultLimits(currency: string): Record<string, BetLimit> {
  const scale = LimitScale[currency] ?? 1;
  return {
    default: limit(5, 2_000, 20_000, scale),
    '1': limit(5, 5_000, 50_000, scale),
    '2': limit(5, 3_000, 30_000, scale),
    parlay: limit(5, 1_000, 50_000, scale),
    mmo: limit(5, 5_000, 50_000, scale),
  };
}
