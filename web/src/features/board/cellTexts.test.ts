/**
 * The board's cell texts made once per language (OddsCell.tsx): a price's name from the
 * `board.pickAt` template reads as i18next's own interpolation in every language, and the
 * remembered `t` answers as `t` does while asking i18next once per text.
 */
import { Languages } from '@sportsbook/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createI18n, switchLanguage } from '../../shared/i18n/index.ts';
import { type BoardT, pickAtOf, rememberTexts } from './OddsCell.tsx';

describe('board cell texts', () => {
  it.each([...Languages])('names a price from the template as i18next does (%s)', async (language) => {
    const i18n = createI18n('en');
    await switchLanguage(i18n, language);
    const t = i18n.getFixedT(language, 'book') as unknown as BoardT;
    const pickAt = pickAtOf(t);
    for (const [pick, price] of [
      ['Arsenal -0.25', '0.92'],
      ['Over 2.75', '-0.88'],
      // Replacement patterns in a team's name stay as they are.
      ["FC $& $1 $' Team", '1.95'],
    ] as const) {
      expect(pickAt(pick, price)).toBe(t('board.pickAt', { pick, price }));
    }
  });

  it('asks i18next once for a text without options, every time for one with options', () => {
    const t = vi.fn((key: string, options?: Record<string, unknown>) =>
      options ? `${key}:${JSON.stringify(options)}` : `text of ${key}`,
    );
    const remembered = rememberTexts(t);
    expect(remembered('col.over')).toBe('text of col.over');
    expect(remembered('col.over')).toBe('text of col.over');
    expect(remembered('col.under')).toBe('text of col.under');
    expect(t).toHaveBeenCalledTimes(2);
    expect(remembered('board.redCards', { count: 2 })).toBe('board.redCards:{"count":2}');
    expect(remembered('board.redCards', { count: 2 })).toBe('board.redCards:{"count":2}');
    expect(t).toHaveBeenCalledTimes(4);
  });
});
