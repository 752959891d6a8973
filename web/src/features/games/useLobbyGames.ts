/**
 * A game lobby's data: the providers and categories it shows (lobbies.ts, less the products off for
 * the member) and each provider's games from the app's catalogue (catalogue.ts: one GameList per
 * provider per session, whatever lobby asks). A provider answers its games, is in maintenance, is
 * off for the member (silent codes, nothing said) or failed (its code goes to the toasts).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { noteGameCode } from './access.ts';
import { createCatalogue } from './catalogue.ts';
import { listGames } from './gamesApi.ts';
import type { LobbyGame } from './library.ts';
import {
  type LobbyDef,
  productOfCode,
  type SwitchedProduct,
  shownCategories,
  shownProviders,
} from './lobbies.ts';

/** The app's catalogue: one GameList per provider per session, whatever lobby asks. */
const catalogue = createCatalogue((auth, provider) => listGames(api, auth, provider));

export const MaintenanceCode = 'game_maintenance';

export type ProviderState =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly games: readonly LobbyGame[] }
  | { readonly state: 'maintenance' }
  | { readonly state: 'off' }
  | { readonly state: 'failed' };

export function useLobbyGames(def: LobbyDef, off: ReadonlySet<SwitchedProduct>) {
  const { auth, report } = useMember();
  const providers = useMemo(() => shownProviders(def, off), [def, off]);
  const categories = useMemo(() => shownCategories(def, off), [def, off]);
  const [states, setStates] = useState<Readonly<Record<string, ProviderState>>>({});

  const providerKey = providers.join(',');
  useEffect(() => {
    if (!auth) return;
    let live = true;
    for (const id of providerKey.split(',').filter(Boolean)) {
      const cached = catalogue.peek(auth, id);
      setStates((s) => ({ ...s, [id]: cached ? { state: 'ready', games: cached } : { state: 'loading' } }));
      if (cached) continue;
      void catalogue.games(auth, id).then((outcome) => {
        if (!live) return;
        let next: ProviderState;
        if (outcome.ok) next = { state: 'ready', games: outcome.value };
        else if (outcome.error.code === MaintenanceCode) next = { state: 'maintenance' };
        else if (productOfCode(outcome.error.code)) {
          // Silent: the product is off for this member; nothing is said.
          noteGameCode(auth.session_token, outcome.error.code);
          next = { state: 'off' };
        } else {
          report(outcome.error.code);
          next = { state: 'failed' };
        }
        setStates((s) => ({ ...s, [id]: next }));
      });
    }
    return () => {
      live = false;
    };
  }, [auth, providerKey, report]);

  const games = useMemo(() => {
    const shown = new Set<string>(categories);
    return providers.flatMap((id) => {
      const st = states[id];
      if (st?.state !== 'ready') return [];
      return st.games.filter(
        (g) => shown.has(g.category) && (def.tag === undefined || (g.tags ?? []).includes(def.tag)),
      );
    });
  }, [providers, categories, states, def.tag]);

  const loading = providers.some((id) => (states[id]?.state ?? 'loading') === 'loading');
  /** A launch answered maintenance: the provider's tab and notice say so. */
  const markMaintenance = useCallback(
    (provider: string) => setStates((s) => ({ ...s, [provider]: { state: 'maintenance' } })),
    [],
  );
  return { providers, categories, states, games, loading, markMaintenance };
}

export type LobbyGames = ReturnType<typeof useLobbyGames>;
