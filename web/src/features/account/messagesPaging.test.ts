/** Message pages: which announcements page the shared topic serves, page counts. */
import { AnnounceTopicSize } from '@sportsbook/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MessagePageSize, pageCount, topicPage } from './messagesApi.ts';

describe('message pages', () => {
  it('counts pages of 10, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(25)).toBe(3);
  });

  it('serves a page from the topic when it holds it whole, else asks (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 45 }), (total, page) => {
        const held = Math.min(total, AnnounceTopicSize);
        const items = Array.from({ length: held }, (_, i) => i);
        const got = topicPage(items, total, page);
        const start = (page - 1) * MessagePageSize;
        const end = Math.min(start + MessagePageSize, total);
        if (end <= held) expect(got).toEqual(items.slice(start, end));
        else expect(got).toBeNull();
      }),
    );
    // 25 announcements: page 3 is the last 5, from the topic.
    expect(topicPage([...Array(25).keys()], 25, 3)).toEqual([20, 21, 22, 23, 24]);
    // 130 of which the topic holds 100: page 11 is asked.
    expect(topicPage([...Array(100).keys()], 130, 11)).toBeNull();
  });
});
