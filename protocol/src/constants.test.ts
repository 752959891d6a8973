import { describe, expect, it } from 'vitest';
import {
  AccountLimits,
  CurrencyCodes,
  CurrencyInfo,
  currencyDigits,
  DefaultBetting,
  DefaultCurrency,
  DefaultLanguage,
  DefaultMenu,
  DefaultPageDisplay,
  defaultMenuLists,
  isCurrencyCode,
  isLanguage,
  isMyanmarCurrency,
  LanguageLabel,
  Languages,
  PagingDefaults,
  ParlayLimits,
  RequestIntervalFactor,
  RoomStatus,
  RoomType,
  requestIntervalMs,
  StorageKey,
  TournamentLimits,
} from './constants.ts';
import { OddsType } from './odds.ts';

describe('currencyDigits', () => {
  it('reads the table and defaults to 2 for a code not in it', () => {
    for (const code of CurrencyCodes) expect(currencyDigits(code)).toBe(CurrencyInfo[code].minorDigits);
    expect(currencyDigits('XXX')).toBe(2);
    expect(currencyDigits('toString')).toBe(2);
  });
});

describe('constants of SPEC section 9', () => {
  it('tournament and account limits', () => {
    expect(TournamentLimits).toMatchObject({
      minEntryFee: 10,
      maxEntryFee: 1000,
      minPlayers: 3,
      maxPlayers: 30,
    });
    expect(TournamentLimits).toMatchObject({ pinLength: 6, minMatches: 3, refreshIntervalSeconds: 60 });
    expect(AccountLimits).toEqual({
      minPasswordLength: 6,
      maxPasswordLength: 10,
      minNicknameLength: 6,
      maxNicknameLength: 15,
      loginRetryWaitMs: 60_000,
      passwordMaxAgeDays: 90,
      // Ours: a longer login id is refused as loginIdTooLong, not a generic bad request.
      maxLoginIdLength: 64,
    });
  });

  it('parlay sizes', () => {
    expect(ParlayLimits).toEqual({
      minSelections: 2,
      maxSelections: 12,
      minLiveSelections: 3,
      minMyanmarSelections: 2,
      maxMyanmarSelections: 10,
      fullSizeOnlyAbove: 10,
    });
  });

  it('defaults', () => {
    expect(PagingDefaults).toEqual({ pageSize: 10, matchesPerPage: 30, otherTypeMaxItems: 4 });
    expect(DefaultBetting).toMatchObject({
      defaultStake: 3,
      autoRefreshOdds: true,
      acceptBetterOdds: false,
      quickBet: false,
    });
    expect(DefaultMenu).toEqual({ menu0: 'all', menu1: 'today', menu2: 1, menu3: 'hdpou' });
    expect(defaultMenuLists()).toEqual({
      selectedDays: [],
      selectedLeagues: [],
      favorites: [],
      sportsOrder: [],
      minimizer: { header: false, sidebar: false, asidebar: false },
    });
    // A new copy each time: a member's lists never change the next member's defaults.
    expect(defaultMenuLists().favorites).not.toBe(defaultMenuLists().favorites);
    expect(DefaultPageDisplay).toMatchObject({ language: 'en', oddsType: OddsType.MY, pageSize: 10 });
    expect(requestIntervalMs('live')).toBe(1000);
    for (const mode of Object.keys(RequestIntervalFactor) as (keyof typeof RequestIntervalFactor)[]) {
      expect(requestIntervalMs(mode) % 1000).toBe(0);
    }
    expect(new Set(Object.values(StorageKey)).size).toBe(2);
  });

  it('languages: nine, default en, tw is the Khmer-labelled option', () => {
    expect(Languages).toEqual(['en', 'zh-CN', 'tw', 'vi', 'th', 'id', 'my', 'ja', 'ko']);
    expect(DefaultLanguage).toBe('en');
    expect(LanguageLabel.tw).toBe('ភាសាខ្មែរ');
    expect(isLanguage('ko')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
  });

  it('currencies and the Myanmar mode', () => {
    expect(CurrencyCodes).toEqual(['CNY', 'IDR', 'THB', 'MYR', 'USD', 'SGD', 'MMK', 'MMO']);
    expect(DefaultCurrency).toBe('MYR');
    for (const code of CurrencyCodes) expect(CurrencyInfo[code].minorDigits).toBe(2);
    expect(isMyanmarCurrency('MMK')).toBe(true);
    expect(isMyanmarCurrency('MMO')).toBe(true);
    expect(isMyanmarCurrency('MYR')).toBe(false);
    expect(isCurrencyCode('toString')).toBe(false);
  });

  it('room statuses and types', () => {
    expect(Object.values(RoomStatus)).toEqual(['A', '0', '1', '2', '3', '4']);
    expect(RoomType).toEqual({ public: 1, private: 2, free: 3 });
  });
});
