/**
 * The game providers' calls through the gateway (`POST /api/games/<provider>/GameList` and
 * `/LaunchGame`; bodies and replies of protocol's games schemas, replies checked by api.ts). Every
 * call resolves to an Outcome: the reply's data, or the catalogue code.
 */
import type { ApiClient } from '../../shared/api.ts';
import { type Auth, mapOutcome, type Outcome } from '../../shared/result.ts';
import type { LobbyGame } from './library.ts';

/** A provider's whole catalogue (every category: the lobby filters it, the cache keeps it). */
export async function listGames(api: ApiClient, auth: Auth, provider: string): Promise<Outcome<LobbyGame[]>> {
  const r = await api.call('games/:provider/GameList', { ...auth }, { provider });
  return mapOutcome(r, (reply) => reply.games);
}

/** A one-use launch URL for the game, in the member's language. */
export async function launchGame(
  api: ApiClient,
  auth: Auth,
  game: Pick<LobbyGame, 'provider' | 'game_id'>,
  lang: string,
): Promise<Outcome<string>> {
  const r = await api.call(
    'games/:provider/LaunchGame',
    { ...auth, game_id: game.game_id, lang },
    { provider: game.provider },
  );
  return mapOutcome(r, (reply) => reply.url);
}
