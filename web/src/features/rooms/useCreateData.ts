/**
 * The create wizard's data: the member's session pair and the tournament calls, and the two lists
 * its steps pick from: the leagues (roomleaguelist, asked again when "Virtual sports" flips) and,
 * while the matches step is open, the matches (roommatchlist for the picked leagues, or matchlookup
 * for a typed team or league; virtual events have no lookup). A failed list reports its code.
 */
import { useEffect, useMemo, useState } from 'react';
import { useAccount } from '../../app/contexts.ts';
import { api } from '../../shared/api.ts';
import { roomCalls } from './roomsApi.ts';
import type { RoomLeague, RoomMatch } from './types.ts';

export function useCreateCalls() {
  const account = useAccount();
  const auth = useMemo(
    () => ({ account_id: account?.info.account_id ?? '', session_token: account?.info.session_token ?? '' }),
    [account],
  );
  const calls = useMemo(() => roomCalls(api), []);
  return { auth, calls };
}

export type CreateCalls = ReturnType<typeof useCreateCalls>;

export function useCreateLists(
  { auth, calls }: CreateCalls,
  {
    onMatches,
    leagueIds,
    keyword,
    virtual,
  }: { onMatches: boolean; leagueIds: number[]; keyword: string; virtual: boolean },
  onFailed: (code: string) => void,
) {
  const [leagues, setLeagues] = useState<RoomLeague[]>([]);
  const [matches, setMatches] = useState<RoomMatch[]>([]);

  useEffect(() => {
    const abort = new AbortController();
    void calls.leagues(auth, abort.signal, virtual).then((r) => {
      if (r.ok) setLeagues(r.value);
      else if (!abort.signal.aborted) onFailed(r.error.code);
    });
    return () => abort.abort();
  }, [calls, auth, virtual, onFailed]);

  useEffect(() => {
    if (!onMatches) return;
    const abort = new AbortController();
    const load =
      keyword.trim() !== '' && !virtual
        ? calls.lookup(auth, keyword.trim(), abort.signal)
        : calls.matches(auth, leagueIds, abort.signal, virtual);
    void load.then((r) => {
      if (r.ok) setMatches(r.value);
      else if (!abort.signal.aborted) onFailed(r.error.code);
    });
    return () => abort.abort();
  }, [calls, auth, onMatches, leagueIds, keyword, virtual, onFailed]);

  return { leagues, matches };
}
