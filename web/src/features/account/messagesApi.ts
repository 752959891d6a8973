/**
 * Personal messages (bodies ours: protocol/src/schemas/info.ts), asked in the language the app
 * shows (`language`): the upstream writes these texts, so a language switch must ask again. The
 * marquee and the announcements are the shared topics `list/marquee/<language>` (app/Marquee.tsx)
 * and `list/announce/<language>` (Messages.tsx).
 */

import { isLanguage, type Language, type MessageRow, type RequestOf } from '@sportsbook/protocol';
import type { ApiClient } from '../../shared/api.ts';
import { type Auth, mapOutcome, type Outcome } from '../../shared/result.ts';

export interface Message {
  readonly id: number;
  readonly title: string;
  readonly content: string;
  /** UTC ms. */
  readonly time: number;
  readonly read: boolean;
}

export type ListOutcome = Outcome<{ items: Message[]; total: number }>;

function toMessage(row: MessageRow): Message {
  return { id: row.id, title: row.title, content: row.content, time: row.time ?? 0, read: row.read === true };
}

/** A list reply's `data`: either an array or a page `{ total, items }`. */
export function messageList(data: readonly MessageRow[] | { total: number; items: readonly MessageRow[] }): {
  items: Message[];
  total: number;
} {
  if (Array.isArray(data)) {
    const rows = data as readonly MessageRow[];
    return { items: rows.map(toMessage), total: rows.length };
  }
  const page = data as { total: number; items: readonly MessageRow[] };
  return { items: page.items.map(toMessage), total: page.total };
}

type ListCall = 'personallist' | 'announcelist';

/** SPEC section 9: page size 10. */
export const MessagePageSize = 10;

/** How many pages `total` messages fill (at least 1, so an empty list still reads "page 1 of 1"). */
export function pageCount(total: number, size = MessagePageSize): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * Page `page` of the announcements from the shared topic's newest items (`AnnounceTopicSize` of
 * them), or null when the page lies past what the topic holds and must be asked with
 * `announcelist`'s paging.
 */
export function topicPage<T>(
  items: readonly T[],
  total: number,
  page: number,
  size = MessagePageSize,
): T[] | null {
  const start = (page - 1) * size;
  const end = Math.min(start + size, total);
  if (end <= items.length) return items.slice(start, end);
  return null;
}

/** The `language` field of a list call from i18next's current language (none when not one of ours). */
export function listLanguage(language: string | undefined): { language?: Language } {
  return isLanguage(language) ? { language } : {};
}

export function messageCalls(api: ApiClient) {
  const list = async (call: ListCall, body: RequestOf<ListCall>): Promise<ListOutcome> => {
    const result = await api.call(call, body);
    return mapOutcome(result, (reply) => messageList(reply.data));
  };
  return {
    personal: (auth: Auth, language?: string, page = 1) =>
      list('personallist', {
        ...auth,
        ...listLanguage(language),
        page_number: page,
        page_size: MessagePageSize,
      }),
    /** A page of announcements past the shared topic's newest (Messages.tsx). */
    announcements: (auth: Auth, language?: string, page = 1) =>
      list('announcelist', {
        ...auth,
        ...listLanguage(language),
        page_number: page,
        page_size: MessagePageSize,
      }),
    unread: async (auth: Auth): Promise<Outcome<number>> =>
      mapOutcome(await api.call('personalunread', { ...auth }), (reply) => reply.data.unread),
  };
}
export type MessageCalls = ReturnType<typeof messageCalls>;
