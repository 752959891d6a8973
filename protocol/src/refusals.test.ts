import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isKnownErrorCode, MarketUnavailableCodes } from './errors.ts';
import { MarketRefusalCodes, marketRefusal, marketRefusalCode } from './refusals.ts';

const open = { exists: true, matchStatus: 0, marketStatus: 0, live: false };

describe('market refusals', () => {
  it('every refusal maps to a catalogue code; the numeric ones are the spec market codes', () => {
    for (const code of Object.values(MarketRefusalCodes)) {
      expect(isKnownErrorCode(code)).toBe(true);
      if (/^\d+$/.test(code)) expect(MarketUnavailableCodes).toContain(code);
    }
  });

  it('maps each state to its code', () => {
    expect(marketRefusalCode(open)).toBeNull();
    expect(marketRefusalCode({ ...open, exists: false })).toBe('invalidOdds');
    expect(marketRefusalCode({ ...open, matchStatus: 1 })).toBe('matchEnded');
    expect(marketRefusalCode({ ...open, matchStatus: 2 })).toBe('311');
    expect(marketRefusalCode({ ...open, matchStatus: 5, live: true })).toBe('328');
    expect(marketRefusalCode({ ...open, marketStatus: 5, live: true })).toBe('oddsIsUpdating');
    expect(marketRefusalCode({ ...open, marketStatus: 5 })).toBe('308');
    expect(marketRefusalCode({ ...open, startedPreMatchOnly: true })).toBe('314');
    expect(marketRefusalCode({ ...open, parlayRefused: true })).toBe('340');
    expect(marketRefusalCode({ ...open, selectionUnpriced: true })).toBe('313');
  });

  it('an open row is refused only for a reason; a missing row always answers invalidOdds (property)', () => {
    const state = fc.record({
      exists: fc.boolean(),
      matchStatus: fc.constantFrom(0, 1, 2, 5),
      marketStatus: fc.constantFrom(0, 5),
      live: fc.boolean(),
      startedPreMatchOnly: fc.boolean(),
      parlayRefused: fc.boolean(),
      selectionUnpriced: fc.boolean(),
    });
    fc.assert(
      fc.property(state, (s) => {
        const reason = marketRefusal(s);
        if (!s.exists) expect(reason).toBe('noSuchRow');
        const anyReason =
          !s.exists ||
          s.matchStatus !== 0 ||
          s.marketStatus !== 0 ||
          s.startedPreMatchOnly ||
          s.parlayRefused ||
          s.selectionUnpriced;
        expect(reason === null).toBe(!anyReason);
      }),
    );
  });
});
