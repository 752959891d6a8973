/**
 * A game lobby's tiles: the count and the grid (lazy-loaded thumbnail, name and tags; the tile
 * launches the game, the star adds or removes a favourite), or why there is none: loading, or an
 * empty view (nothing said when the whole view is a provider's maintenance notice).
 */
import { useGamesText } from './i18n/index.ts';
import { gameKey, type LobbyGame } from './library.ts';
import type { GameLists, LobbyFilters } from './useLobbyFlow.ts';

export function GameGrid({
  filters: { tiles, view, query, inMaintenance },
  loading,
  lists,
  onLaunch,
}: {
  filters: LobbyFilters;
  loading: boolean;
  lists: GameLists;
  onLaunch: (game: LobbyGame) => void;
}) {
  const { t } = useGamesText();
  if (loading && tiles.length === 0)
    return (
      <p className="loading" role="status">
        {t('games.loading')}
      </p>
    );
  if (tiles.length === 0)
    return inMaintenance.length > 0 && view === 'all' && query === '' ? null : (
      <p className="game-empty">
        {view === 'favorites'
          ? t('games.emptyFavorites')
          : view === 'recent'
            ? t('games.emptyRecent')
            : t('games.empty')}
      </p>
    );
  return (
    <>
      <p className="game-count">{t('games.count', { count: tiles.length })}</p>
      <ul className="game-grid">
        {tiles.map((game) => (
          <GameTile
            key={gameKey(game)}
            game={game}
            favorite={lists.favorites.has(gameKey(game))}
            onLaunch={() => onLaunch(game)}
            onFavorite={() => lists.toggleFavorite(gameKey(game))}
          />
        ))}
      </ul>
    </>
  );
}

function GameTile({
  game,
  favorite,
  onLaunch,
  onFavorite,
}: {
  game: LobbyGame;
  favorite: boolean;
  onLaunch: () => void;
  onFavorite: () => void;
}) {
  const { t } = useGamesText();
  return (
    <li className="game-tile" data-game={game.game_id} data-provider={game.provider}>
      <button
        type="button"
        className="game-open"
        aria-label={t('games.play', { name: game.name })}
        onClick={onLaunch}
      >
        <img src={game.thumbnail} alt="" loading="lazy" decoding="async" width={320} height={240} />
        <span className="game-name">{game.name}</span>
      </button>
      {(game.tags ?? []).length > 0 && (
        <span className="game-tags">
          {(game.tags ?? []).map((tag) => (
            <span key={tag} className={`game-tag game-tag-${tag}`}>
              {t(`games.tag.${tag}`)}
            </span>
          ))}
        </span>
      )}
      <button
        type="button"
        className="game-fav"
        aria-pressed={favorite}
        aria-label={t(favorite ? 'games.favoriteRemove' : 'games.favoriteAdd', {
          name: game.name,
        })}
        onClick={onFavorite}
      >
        {favorite ? '★' : '☆'}
      </button>
    </li>
  );
}
