/**
 * Personal messages (bodies ours: protocol/src/schemas/info.ts), asked in the language the app
 * shows (`language`): the upstream writes these texts, so a language switch must ask again. The
 * marquee and the announcements are the shared topics `list/marquee/<language>` (app/Marquee.tsx)
 * and `list/announce/<language>` (Messages.tsx).
 */

import { isLanguage, type Language, type MessageRow, type RequestOf } from '@sportsbook/protocol';
import type { ApiClient } from '../../shared/api.ts';
import type { Auth } from './accountApi.ts';

export interface Message {
  readonly id: number;
  readonly title: string;
  readonly content: string;
  /** UTC ms. */
  readonly time: number;
  readonly read: boolean;
}

export type ListOutcome = { ok: true; items: Message[]; total: number } | { ok: false; code: string };

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

type ListCall = 'personallist';

/** The `language` field of a list call from i18next's current language (none when not one of ours). */
export function listLanguage(language: string | undefined): { language?: Language } {
  return isLanguage(language) ? { language } : {};
}

export function messageCalls(api: ApiClient) {
  const list = async (call: ListCall, body: RequestOf<ListCall>): Promise<ListOutcome> => {
    const result = await api.call(call, body);
    return result.ok ? { ok: true, ...messageList(result.data.data) } : { ok: false, code: result.code };
  };
  return {
    personal: (auth: Auth, language?: string, page = 1) =>
      list('personallist', { ...auth, ...listLanguage(language), page_number: page, page_size: 10 }),
    unread: async (auth: Auth): Promise<{ ok: true; unread: number } | { ok: false; code: string }> => {
      const result = await api.call('personalunread', { ...auth });
      return result.ok ? { ok: true, unread: result.data.data.unread } : { ok: false, code: result.code };
    },
  };
}
export type MessageCalls = ReturnType<typeof messageCalls>;
