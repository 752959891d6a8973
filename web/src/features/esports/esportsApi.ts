/**
 * The e-sports calls through the gateway: `esports2live` (the lobby's series, maps and rounds),
 * `gameresultesports2` and `gameresultesports2detail` (protocol's schemas/esports.ts; replies
 * checked by api.ts). Every call resolves to an Outcome: the reply's data, or the catalogue code.
 */
import type { EsportsEvent, EsportsLobby, EsportsResult, PlacedBet } from '@sportsbook/protocol';
import type { ApiClient } from '../../shared/api.ts';
import type { Auth, Outcome } from '../../shared/result.ts';

export type { EsportsEvent, EsportsLobby, EsportsResult, PlacedBet };

export async function fetchLobby(api: ApiClient, auth: Auth): Promise<Outcome<EsportsLobby>> {
  const r = await api.call('esports2live', auth);
  return r.ok ? { ok: true, value: r.value.data } : r;
}

/** Settled e-sports events of the GMT+8 days `start`..`end` (YYYY-MM-DD), newest first. */
export async function fetchResults(
  api: ApiClient,
  auth: Auth,
  range: { start: string; end: string; mine: boolean },
): Promise<Outcome<EsportsResult[]>> {
  const r = await api.call('gameresultesports2', {
    ...auth,
    start_date: range.start,
    end_date: range.end,
    page_size: 100,
    ...(range.mine ? { mine: true } : {}),
  });
  return r.ok ? { ok: true, value: r.value.data.items } : r;
}

export async function fetchDetail(
  api: ApiClient,
  auth: Auth,
  matchId: number,
): Promise<Outcome<{ event: EsportsEvent; bets: PlacedBet[] }>> {
  const r = await api.call('gameresultesports2detail', { ...auth, match_id: matchId });
  return r.ok ? { ok: true, value: r.value.data } : r;
}
