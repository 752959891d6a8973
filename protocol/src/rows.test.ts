import { describe, expect, it } from 'vitest';
import { ExcludedSportIds, HeadMarkets, MarketGroup, Sports } from './index.ts';

describe('rows', () => {
  it('numbers the market groups as SPEC section 3 does', () => {
    expect(MarketGroup).toEqual({ early: 1, today: 2, live: 3 });
  });
  it('lists the twelve head market counts in the spec order', () => {
    expect(HeadMarkets.join(',')).toBe('hdp,ou,oe,oxt,ml,tw,cs,dc,fglg,htft,tg,orz');
  });
  it('never lists the excluded sport ids', () => {
    for (const id of ExcludedSportIds) expect(Object.keys(Sports)).not.toContain(String(id));
  });
});
