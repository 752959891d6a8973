/**
 * The game catalogue, cached per provider for the session: one GameList per provider
 * per session token, shared by every lobby and tab; a tab switch or a second lobby never asks
 * again. A failed answer (maintenance, a silent code, a network error) is not kept, so the next
 * visit asks again. A new session token (login, switch, logout) starts an empty cache.
 */
import type { Auth, Outcome } from '../../shared/result.ts';
import type { LobbyGame } from './library.ts';

export type ListGames = (auth: Auth, provider: string) => Promise<Outcome<LobbyGame[]>>;

export interface Catalogue {
  /** The provider's games: the cached answer, the one in flight, or a new GameList. */
  games(auth: Auth, provider: string): Promise<Outcome<LobbyGame[]>>;
  /** The cached games of a provider, if its answer is in (for a render without a wait). */
  peek(auth: Auth, provider: string): LobbyGame[] | undefined;
}

export function createCatalogue(list: ListGames): Catalogue {
  let token: string | null = null;
  const pending = new Map<string, Promise<Outcome<LobbyGame[]>>>();
  const done = new Map<string, LobbyGame[]>();

  function forSession(auth: Auth) {
    if (auth.session_token !== token) {
      token = auth.session_token;
      pending.clear();
      done.clear();
    }
  }

  return {
    games(auth, provider) {
      forSession(auth);
      const cached = done.get(provider);
      if (cached) return Promise.resolve({ ok: true, value: cached });
      let inFlight = pending.get(provider);
      if (!inFlight) {
        const asked = token;
        inFlight = list(auth, provider).then((outcome) => {
          if (token === asked) {
            pending.delete(provider);
            if (outcome.ok) done.set(provider, outcome.value);
          }
          return outcome;
        });
        pending.set(provider, inFlight);
      }
      return inFlight;
    },
    peek(auth, provider) {
      return auth.session_token === token ? done.get(provider) : undefined;
    },
  };
}
