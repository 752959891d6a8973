/**
 * The virtual sports call through the gateway (`POST /api/vresult`, protocol schemas/numberGame.ts):
 * an event's result and replay so far, and the simulator's clock. Resolves to an Outcome.
 */
import type { VirtualResult } from '@sportsbook/protocol';
import type { ApiClient } from '../../shared/api.ts';
import type { Auth, Outcome } from '../../shared/result.ts';

export async function fetchVirtualResult(
  api: ApiClient,
  auth: Auth,
  matchId: number,
): Promise<Outcome<VirtualResult>> {
  const r = await api.call('vresult', { ...auth, match_id: matchId });
  return r.ok ? { ok: true, value: r.value.data } : r;
}
