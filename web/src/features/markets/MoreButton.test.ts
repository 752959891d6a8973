import { Languages } from '@sportsbook/protocol';
import { describe, expect, it } from 'vitest';
import { createI18n, switchLanguage } from '../../shared/i18n/index.ts';
import { loadMarkets, MarketsNamespace } from './i18n/index.ts';
import { moreLabel } from './MoreButton.tsx';
import type { MarketsT } from './text.ts';

describe('the "+N" label', () => {
  it.each(Languages)(
    '%s: the same text as i18next for every count, a "$" in a name kept',
    async (language) => {
      const i18n = createI18n('en');
      await loadMarkets(i18n, language);
      await switchLanguage(i18n, language);
      const t = i18n.getFixedT(language, MarketsNamespace) as MarketsT;
      for (const match of ['Arsenal - Chelsea', 'A$& $1 - B$$', '']) {
        for (const count of [1, 2, 3, 5, 11, 21, 101]) {
          // Twice: the second answer comes from the remembered template.
          for (let i = 0; i < 2; i++) {
            expect(moreLabel(t, match, count)).toBe(t('more.label', { match, count }));
          }
        }
      }
      expect(moreLabel(t, 'X - Y', 3)).toContain('X - Y');
    },
  );

  it('asks `t` again when the match is not once in the text', () => {
    let calls = 0;
    const t: MarketsT = (_key, options) => {
      calls++;
      return `${String(options?.match)} ${String(options?.match)} +${String(options?.count)}`;
    };
    expect(moreLabel(t, 'A - B', 2)).toBe('A - B A - B +2');
    expect(moreLabel(t, 'C - D', 2)).toBe('C - D C - D +2');
    expect(calls).toBe(3);
  });
});
