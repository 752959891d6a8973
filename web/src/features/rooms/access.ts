/**
 * Whether tournament is open to the logged-in account: `membervalidatetournament` answers
 * `tournamentDisabled` for an account or operator with tournament off (silent: the menu entry and the
 * pages just do not show). Asked once per session and remembered.
 */
import { useEffect, useState } from 'react';
import { api } from '../../shared/api.ts';
import type { Auth } from '../../shared/result.ts';
import { roomCalls } from './roomsApi.ts';

export type TournamentAccess = 'unknown' | 'enabled' | 'disabled';

const known = new Map<string, TournamentAccess>();

export function useTournamentAccess(auth: Auth | null): TournamentAccess {
  const key = auth ? `${auth.account_id}\u0000${auth.session_token}` : '';
  const [access, setAccess] = useState<TournamentAccess>(() => known.get(key) ?? 'unknown');
  const accountId = auth?.account_id;
  const token = auth?.session_token;
  useEffect(() => {
    if (accountId === undefined || token === undefined) return;
    const cached = known.get(key);
    if (cached) {
      setAccess(cached);
      return;
    }
    const abort = new AbortController();
    roomCalls(api)
      .validate({ account_id: accountId, session_token: token }, abort.signal)
      .then((result) => {
        // Only the code says "disabled"; a failed call leaves the entry shown (the pages tell).
        const value: TournamentAccess =
          !result.ok && result.error.code === 'tournamentDisabled' ? 'disabled' : 'enabled';
        known.set(key, value);
        setAccess(value);
      })
      .catch(() => {});
    return () => abort.abort();
  }, [key, accountId, token]);
  return access;
}
