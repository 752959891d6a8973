/**
 * The lottery's calls through the gateway (`POST /api/lottery/<call>` and the base host's
 * `gameresultlottery`; bodies and replies of protocol's schemas/lottery.ts, replies checked by
 * api.ts). Every call resolves to an Outcome: the reply's data, or the catalogue code.
 */
import type { LotteryDraw, LotteryQuote, LotteryRowBody, LotteryTicket } from '@sportsbook/protocol';
import { formatGmt8 } from '@sportsbook/protocol';
import type { ApiClient } from '../../shared/api.ts';
import type { Auth, Outcome } from '../../shared/result.ts';

export type { LotteryDraw, LotteryQuote, LotteryTicket };

export interface DrawList {
  /** Simulator (upstream) time when it answered, UTC ms. */
  now: number;
  open: LotteryDraw[];
  recent: LotteryDraw[];
}

export async function fetchDraws(api: ApiClient, auth: Auth): Promise<Outcome<DrawList>> {
  const r = await api.call('lottery/drawlist', auth);
  return r.ok ? { ok: true, value: r.value.data } : r;
}

export async function checkRows(
  api: ApiClient,
  auth: Auth,
  drawId: string,
  rows: LotteryRowBody[],
): Promise<Outcome<LotteryQuote>> {
  const r = await api.call('lottery/betcheck', { ...auth, draw_id: drawId, rows });
  return r.ok ? { ok: true, value: r.value.data } : r;
}

/** The member's per-unit Big/Small limits (major units): a betcheck without rows quotes only them. */
export async function fetchUnitLimits(
  api: ApiClient,
  auth: Auth,
): Promise<Outcome<{ min_unit: number; max_unit: number }>> {
  const r = await api.call('lottery/betcheck', { ...auth, rows: [] });
  return r.ok ? { ok: true, value: { min_unit: r.value.data.min_unit, max_unit: r.value.data.max_unit } } : r;
}

/** Places the rows for one draw; `requestId` makes a retry the same ticket. */
export async function placeTicket(
  api: ApiClient,
  auth: Auth,
  drawId: string,
  rows: LotteryRowBody[],
  requestId: string,
): Promise<Outcome<LotteryTicket>> {
  const r = await api.call('lottery/bet', { ...auth, request_id: requestId, draw_id: drawId, rows });
  return r.ok ? { ok: true, value: r.value.data } : r;
}

export async function fetchOpenTickets(api: ApiClient, auth: Auth): Promise<Outcome<LotteryTicket[]>> {
  const r = await api.call('lottery/betlist', { ...auth, page_size: 100 });
  return r.ok ? { ok: true, value: r.value.data.items } : r;
}

/** Settled tickets of the GMT+8 days from `from` to `to` (UTC ms), newest first. */
export async function fetchResults(
  api: ApiClient,
  auth: Auth,
  from: number,
  to: number,
): Promise<Outcome<LotteryTicket[]>> {
  const r = await api.call('gameresultlottery', {
    ...auth,
    start_date: formatGmt8(from, 'yyyy-MM-dd'),
    end_date: formatGmt8(to, 'yyyy-MM-dd'),
    page_size: 100,
  });
  return r.ok ? { ok: true, value: r.value.data.items } : r;
}

export function newRequestId(): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;
  return `lot-${random.replace(/[^A-Za-z0-9_-]/g, '')}`.slice(0, 64);
}
