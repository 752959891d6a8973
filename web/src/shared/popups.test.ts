import { PopupSize } from '@sportsbook/protocol';
import { describe, expect, it } from 'vitest';
import { popupFeatures, popupKindOf } from './popups.ts';

describe('popups', () => {
  it('opens info pages and other pages in their sized windows on a desktop', () => {
    expect(popupFeatures('info', false)).toBe(
      `width=${PopupSize.info.width},height=${PopupSize.info.height},resizable=yes,scrollbars=yes`,
    );
    expect(popupFeatures('other', false)).toContain(`width=${PopupSize.other.width}`);
  });

  it('opens them as full-screen tabs (no window features) on a phone', () => {
    expect(popupFeatures('info', true)).toBeUndefined();
    expect(popupFeatures('other', true)).toBeUndefined();
  });

  it('tells info pages from other pages', () => {
    expect(popupKindOf('/info/betlist')).toBe('info');
    expect(popupKindOf('/casino')).toBe('other');
  });
});
