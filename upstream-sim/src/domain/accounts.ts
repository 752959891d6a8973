/** Accounts: login checks, profile, settings, password and nickname (SPEC sections 3-6). */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import {
  AccountLimits,
  DefaultBetting,
  DefaultMenu,
  DefaultPageDisplay,
  defaultMenuLists,
} from '@sportsbook/protocol';
import { reject } from '../reply.ts';
import { toMinor } from './amounts.ts';
import { DemoPassword, defaultLimits, seedAccounts } from './seed.ts';
import type { Store } from './store.ts';
import type { Account } from './types.ts';
import type { WalletEngine } from './wallet.ts';

const NICKNAME = /^[A-Za-z0-9]+$/;

export function hashPassword(password: string, salt: string): string {
  // Low scrypt cost: a simulator, but never a plain or reversible password in the journal.
  return scryptSync(password, salt, 32, { N: 1024 }).toString('hex');
}

/**
 * The code for a restricted state (closed, blocked, frozen, inactive): it refuses a login and ends
 * the account's open sessions. Null when the account may log in (suspended accounts may: view only).
 */
export function loginBlockCode(account: Account): string | null {
  switch (account.state) {
    case 'close':
      return 'CLOSE';
    case 'block':
      return 'BLOCK';
    case 'freeze':
      return 'freeze';
    case 'inactive':
      return 'account_inactive';
    default:
      return null;
  }
}

/**
 * A new member's settings: SPEC section 3's defaults, and the rest of the menu state the board keeps
 * (web layout.ts), so a login in a browser another member used finds this member's board, not theirs.
 */
export function defaultSettings(): Record<string, unknown> {
  return {
    ...DefaultPageDisplay,
    ...DefaultBetting,
    ...DefaultMenu,
    ...defaultMenuLists(),
  };
}

/** Settings fields a client may save (SPEC section 3 layout preferences), with their JSON type. */
export const SettingsFields: Record<string, 'string' | 'number' | 'boolean' | 'any'> = {
  language: 'string',
  oddsType: 'number',
  pageType: 'number',
  showScoreMap: 'boolean',
  showQuickOdds: 'boolean',
  eventSorting: 'number',
  marketType: 'number',
  pageSize: 'number',
  mmoType: 'number',
  defaultStake: 'number',
  acceptBetterOdds: 'boolean',
  acceptAnyOdds: 'boolean',
  autoRefreshOdds: 'boolean',
  quickBet: 'boolean',
  defaultStakeAmount: 'number',
  quickBetAmount: 'number',
  menu0: 'any',
  menu1: 'any',
  menu2: 'any',
  menu3: 'any',
  selectedDays: 'any',
  selectedLeagues: 'any',
  favorites: 'any',
  sportsOrder: 'any',
  minimizer: 'any',
  theme: 'any',
  tour: 'any',
};

export class Accounts {
  constructor(
    private readonly store: Store,
    private readonly wallet: WalletEngine,
  ) {}

  /** Creates any seed account the store does not hold yet (first start, or new seeds). */
  seed(loadAccounts: number, time: number): void {
    for (const seed of seedAccounts(loadAccounts)) {
      if (this.store.accounts.has(seed.id)) continue;
      const salt = randomBytes(8).toString('hex');
      const account: Account = {
        id: seed.id,
        role: seed.role,
        parentId: seed.parentId,
        commissionBps: seed.commissionBps,
        state: seed.state,
        passwordSalt: salt,
        passwordHash: hashPassword(DemoPassword, salt),
        currency: seed.currency,
        language: 'en',
        oddsType: seed.oddsType,
        operatorType: seed.operatorType,
        commType: 'A',
        nickname: null,
        limits: defaultLimits(seed.currency),
        // A Myanmar-odds member's board opens on the Myanmar market (menu3, web layout.ts).
        settings: {
          ...defaultSettings(),
          oddsType: seed.oddsType,
          ...(seed.oddsType === 5 ? { menu3: 'mmo' } : {}),
        },
        retrieveProfile: false,
        lastLoginAt: null,
        passwordChangedAt: time,
        ...(seed.lotteryDisabled ? { lotteryDisabled: true } : {}),
        ...(seed.tournamentDisabled ? { tournamentDisabled: true } : {}),
        ...(seed.liveCasinoDisabled ? { liveCasinoDisabled: true } : {}),
        ...(seed.miniGameDisabled ? { miniGameDisabled: true } : {}),
      };
      this.store.saveAccount(account);
      if (seed.role === 'member')
        this.wallet.deposit(seed.id, toMinor(seed.balance, seed.currency), 'opening', time);
    }
  }

  /** By login id or by nickname (the nickname is the secondary login id). */
  find(loginId: string): Account | undefined {
    const id = loginId.trim().toLowerCase();
    const direct = this.store.accounts.get(id);
    if (direct) return direct;
    for (const account of this.store.accounts.values()) {
      if (account.nickname !== null && account.nickname.toLowerCase() === id) return account;
    }
    return undefined;
  }

  get(accountId: string): Account {
    const account = this.store.accounts.get(accountId);
    if (!account) reject('account_not_exists');
    return account;
  }

  checkPassword(account: Account, password: string): boolean {
    const given = Buffer.from(hashPassword(password, account.passwordSalt), 'hex');
    const stored = Buffer.from(account.passwordHash, 'hex');
    return given.length === stored.length && timingSafeEqual(given, stored);
  }

  update(account: Account, change: Partial<Account>, profileChanged: boolean): Account {
    const next: Account = {
      ...account,
      ...change,
      retrieveProfile: profileChanged || account.retrieveProfile,
    };
    if (change.retrieveProfile === false) next.retrieveProfile = false;
    this.store.saveAccount(next);
    return next;
  }

  changePassword(account: Account, current: string, next: string, confirm: string, time: number): void {
    if (!this.checkPassword(account, current)) reject('invalid_password');
    const length = [...next].length;
    if (length < AccountLimits.minPasswordLength || length > AccountLimits.maxPasswordLength) {
      reject('badRequest', { field: 'new_password' });
    }
    if (next !== confirm) reject('badRequest', { field: 'confirm_password' });
    if (next === current) reject('badRequest', { field: 'new_password' });
    const salt = randomBytes(8).toString('hex');
    this.update(
      account,
      { passwordSalt: salt, passwordHash: hashPassword(next, salt), passwordChangedAt: time },
      false,
    );
  }

  setNickname(account: Account, nickname: string): Account {
    if (account.nickname !== null) reject('secondary_account_exists');
    const length = nickname.length;
    if (
      !NICKNAME.test(nickname) ||
      length < AccountLimits.minNicknameLength ||
      length > AccountLimits.maxNicknameLength
    ) {
      reject('badRequest', { field: 'nickname' });
    }
    const taken = this.find(nickname);
    if (taken) reject('new_login_id_exists');
    return this.update(account, { nickname }, false);
  }

  saveSettings(account: Account, body: Record<string, unknown>): Account {
    const settings = { ...account.settings };
    for (const [field, kind] of Object.entries(SettingsFields)) {
      if (!(field in body)) continue;
      const value = body[field];
      if (kind !== 'any' && typeof value !== kind) reject('badRequest', { field });
      if (kind === 'any' && JSON.stringify(value ?? null).length > 8_192) reject('badRequest', { field });
      settings[field] = value;
    }
    const change: Partial<Account> = { settings };
    const oddsType = settings.oddsType;
    if (typeof oddsType === 'number') {
      if (![1, 2, 3, 4, 5].includes(oddsType)) reject('badRequest', { field: 'oddsType' });
      change.oddsType = oddsType as Account['oddsType'];
    }
    if (typeof settings.language === 'string') change.language = settings.language;
    return this.update(account, change, false);
  }
}
