import { afterEach, describe, expect, it } from 'vitest';
import { isPhone, PhoneQuery } from './phone.ts';

type Stand = { matches: boolean; addEventListener(): void; removeEventListener(): void };
const g = globalThis as unknown as { matchMedia?: (query: string) => Stand };

afterEach(() => {
  delete g.matchMedia;
});

describe('isPhone', () => {
  it('reads one list of the phone query, whose answer follows the window', () => {
    const queries: string[] = [];
    const list: Stand = { matches: false, addEventListener() {}, removeEventListener() {} };
    g.matchMedia = (query) => {
      queries.push(query);
      return list;
    };
    expect(isPhone()).toBe(false);
    list.matches = true;
    expect(isPhone()).toBe(true);
    expect(isPhone()).toBe(true);
    expect(queries).toEqual([PhoneQuery]);
  });

  it('asks a replaced matchMedia, and says false where there is none', () => {
    g.matchMedia = () => ({ matches: true, addEventListener() {}, removeEventListener() {} });
    expect(isPhone()).toBe(true);
    g.matchMedia = () => ({ matches: false, addEventListener() {}, removeEventListener() {} });
    expect(isPhone()).toBe(false);
    delete g.matchMedia;
    expect(isPhone()).toBe(false);
  });
});
