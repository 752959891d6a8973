/**
 * The number game's calls through the gateway (`POST /api/ngdrawlist`, `ngbet`, `ngbetlist`,
 * `gameresultnumbergame`; protocol schemas/numberGame.ts, replies checked by api.ts). Every call
 * resolves to an Outcome: the reply's data, or the catalogue code.
 */
import type { NgDraw, NgTicket, OkReplyOf } from '@sportsbook/protocol';
import type { ApiClient } from '../../shared/api.ts';
import type { Auth, Outcome } from '../../shared/result.ts';

export type { NgDraw, NgTicket };
export type NgDrawList = OkReplyOf<'ngdrawlist'>['data'];

export async function fetchNgDraws(api: ApiClient, auth: Auth): Promise<Outcome<NgDrawList>> {
  const r = await api.call('ngdrawlist', auth);
  return r.ok ? { ok: true, value: r.value.data } : r;
}

export async function placeNgTicket(
  api: ApiClient,
  auth: Auth,
  body: { draw_id: string; picks: number[]; stake: number; request_id: string },
): Promise<Outcome<NgTicket>> {
  const r = await api.call('ngbet', { ...auth, ...body });
  return r.ok ? { ok: true, value: r.value.data } : r;
}

export async function fetchNgOpen(api: ApiClient, auth: Auth): Promise<Outcome<NgTicket[]>> {
  const r = await api.call('ngbetlist', { ...auth, page_size: 100 });
  return r.ok ? { ok: true, value: r.value.data.items } : r;
}

/** Settled tickets of the GMT+8 dates `start`..`end` (yyyy-MM-dd), newest first. */
export async function fetchNgResults(
  api: ApiClient,
  auth: Auth,
  start: string,
  end: string,
): Promise<Outcome<NgTicket[]>> {
  const r = await api.call('gameresultnumbergame', {
    ...auth,
    start_date: start,
    end_date: end,
    page_size: 100,
  });
  return r.ok ? { ok: true, value: r.value.data.items } : r;
}
