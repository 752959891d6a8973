/** Announcements, marquee and personal messages (bodies ours: protocol/src/schemas/info.ts). */
import type { Auth } from './account.ts';
import type { ApiClient } from './client.ts';

export interface Message {
  readonly id: number;
  readonly title: string;
  readonly content: string;
  /** UTC ms. */
  readonly time: number;
  readonly read: boolean;
}

export type ListOutcome = { ok: true; items: Message[]; total: number } | { ok: false; code: string };

function toMessage(value: unknown): Message | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'number' || typeof v.title !== 'string' || typeof v.content !== 'string') return null;
  return {
    id: v.id,
    title: v.title,
    content: v.content,
    time: typeof v.time === 'number' ? v.time : 0,
    read: v.read === true,
  };
}

/** Reads a list reply whose `data` is either an array or a page `{ total, items }`. */
export function messageList(data: unknown): { items: Message[]; total: number } {
  const rows = Array.isArray(data)
    ? data
    : typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items)
      ? ((data as { items: unknown[] }).items as unknown[])
      : [];
  const items = rows.map(toMessage).filter((m): m is Message => m !== null);
  const total = (data as { total?: unknown } | null)?.total;
  return { items, total: typeof total === 'number' ? total : items.length };
}

export function messageCalls(api: ApiClient) {
  const list = async (call: string, body: object): Promise<ListOutcome> => {
    const result = await api.call<{ data?: unknown }>(call, body);
    return result.ok ? { ok: true, ...messageList(result.data.data) } : { ok: false, code: result.code };
  };
  return {
    announcements: (auth: Auth, page = 1) =>
      list('announcelist', { ...auth, page_number: page, page_size: 10 }),
    marquee: (auth: Auth) => list('marqueelist', { ...auth }),
    personal: (auth: Auth, page = 1) => list('personallist', { ...auth, page_number: page, page_size: 10 }),
    unread: async (auth: Auth): Promise<{ ok: true; unread: number } | { ok: false; code: string }> => {
      const result = await api.call<{ data?: { unread?: unknown } }>('personalunread', { ...auth });
      if (!result.ok) return { ok: false, code: result.code };
      const unread = result.data.data?.unread;
      return { ok: true, unread: typeof unread === 'number' && unread >= 0 ? unread : 0 };
    },
  };
}
export type MessageCalls = ReturnType<typeof messageCalls>;
