/**
 * A game lobby: the games of the lobby's providers and categories (lobbies.ts), with
 * provider and category tabs, search, favourites and recently played (the layout's `menu.games`),
 * tiles with lazy-loaded thumbnails, and launch in the 1280x720 game pop-up; the header balance is
 * refreshed when that window closes. The catalogue is cached per provider for the session
 * (catalogue.ts). A product disabled for the member shows nothing (silent codes); a provider in
 * maintenance shows its notice; other codes go to the catalogue-driven toasts.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PreferencesContext, SessionContext, useLayout } from '../../app/contexts.ts';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { TabList } from '../../shared/components/TabList.tsx';
import { noteGameCode, useProductsOff } from './access.ts';
import { createCatalogue } from './catalogue.ts';
import { launchGame, listGames } from './gamesApi.ts';
import { openGameWindow, watchClosed } from './gameWindow.ts';
import { useGamesText } from './i18n/index.ts';
import {
  addRecent,
  gameKey,
  type LobbyGame,
  type LobbyView,
  toggleFavorite,
  visibleGames,
} from './library.ts';
import {
  type LobbyId,
  lobbyDef,
  lobbyShown,
  productOfCode,
  providerName,
  shownCategories,
  shownProviders,
} from './lobbies.ts';
import './games.css';

export type { LobbyId } from './lobbies.ts';

/** The app's catalogue: one GameList per provider per session, whatever lobby asks. */
const catalogue = createCatalogue((auth, provider) => listGames(api, auth, provider));

export const MaintenanceCode = 'game_maintenance';

type ProviderState =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly games: readonly LobbyGame[] }
  | { readonly state: 'maintenance' }
  | { readonly state: 'off' }
  | { readonly state: 'failed' };

const Views: readonly LobbyView[] = ['all', 'favorites', 'recent'];

export function GameLobby({ lobby }: { lobby: LobbyId }) {
  const def = useMemo(() => lobbyDef(lobby), [lobby]);
  const { t } = useGamesText();
  const { t: common } = useTranslation();
  const { auth, report } = useMember();
  const session = SessionContext.useActorRef();
  const preferences = PreferencesContext.useActorRef();
  const layout = useLayout();
  const lists = layout.menu.games;
  const language = layout.pageDisplay.language;
  const off = useProductsOff();
  const providers = useMemo(() => shownProviders(def, off), [def, off]);
  const categories = useMemo(() => shownCategories(def, off), [def, off]);

  const [states, setStates] = useState<Readonly<Record<string, ProviderState>>>({});
  const [provider, setProvider] = useState<string>('all');
  const [category, setCategory] = useState<string>('all');
  const [view, setView] = useState<LobbyView>('all');
  const [query, setQuery] = useState('');
  const [playing, setPlaying] = useState<{ name: string } | null>(null);
  const [blocked, setBlocked] = useState(false);
  const stopWatch = useRef<(() => void) | null>(null);

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
        else if (outcome.code === MaintenanceCode) next = { state: 'maintenance' };
        else if (productOfCode(outcome.code)) {
          // Silent: the product is off for this member; nothing is said.
          noteGameCode(auth.session_token, outcome.code);
          next = { state: 'off' };
        } else {
          report(outcome.code);
          next = { state: 'failed' };
        }
        setStates((s) => ({ ...s, [id]: next }));
      });
    }
    return () => {
      live = false;
    };
  }, [auth, providerKey, report]);

  // No stop on unmount: a game window still open when the member leaves the lobby keeps its watch,
  // so the header balance is refreshed when it closes wherever the member is (the session is app-wide).

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

  const selectedProvider = providers.includes(provider) ? provider : 'all';
  const selectedCategory = (categories as readonly string[]).includes(category) ? category : 'all';
  const tiles = visibleGames(games, lists, {
    provider: selectedProvider,
    category: selectedCategory,
    view,
    query,
  });
  const loading = providers.some((id) => (states[id]?.state ?? 'loading') === 'loading');
  const inMaintenance = providers.filter(
    (id) => states[id]?.state === 'maintenance' && (selectedProvider === 'all' || selectedProvider === id),
  );

  if (!lobbyShown(def, off)) return null;

  const favorites = new Set(lists.favorites);
  const saveLists = (next: typeof lists) =>
    preferences.send({ type: 'prefs.update', patch: { menu: { games: next } } });

  async function launch(game: LobbyGame) {
    if (!auth) return;
    // Opened inside the click, so that no pop-up blocker stops it; sent to the game when it answers.
    const win = openGameWindow();
    setBlocked(win === null);
    if (!win) return;
    const outcome = await launchGame(api, auth, game, language);
    if (!outcome.ok) {
      win.close();
      if (outcome.code === MaintenanceCode)
        setStates((s) => ({ ...s, [game.provider]: { state: 'maintenance' } }));
      else if (productOfCode(outcome.code)) noteGameCode(auth.session_token, outcome.code);
      else report(outcome.code);
      return;
    }
    // Absolute, so that the blank window resolves it against this app's origin.
    win.location.href = new URL(outcome.value, globalThis.location.href).href;
    saveLists(addRecent(lists, gameKey(game)));
    setPlaying({ name: game.name });
    stopWatch.current?.();
    stopWatch.current = watchClosed(win, () => {
      stopWatch.current = null;
      setPlaying(null);
      // Every round is already in the wallet: the header shows it now.
      session.send({ type: 'balance.refresh' });
    });
  }

  const title = def.number === undefined ? common(def.titleKey) : `${common(def.titleKey)} ${def.number}`;
  return (
    <section className="game-lobby" aria-label={title} data-lobby={lobby} aria-busy={loading}>
      {providers.length > 1 && (
        <TabList
          className="tabs game-tabs"
          ariaLabel={t('games.providers')}
          tabs={['all', ...providers]}
          current={selectedProvider}
          onSelect={setProvider}
          attr="data-provider"
          label={(id) =>
            id === 'all' ? (
              t('games.allProviders')
            ) : (
              <>
                {providerName(id)}
                {states[id]?.state === 'maintenance' && <span aria-hidden="true"> ⚠</span>}
              </>
            )
          }
        />
      )}
      {categories.length > 1 && (
        <TabList
          className="tabs game-tabs"
          ariaLabel={t('games.categories')}
          tabs={['all', ...categories]}
          current={selectedCategory}
          onSelect={setCategory}
          attr="data-category"
          label={(c) => t(`games.category.${c}`)}
        />
      )}
      <div className="game-tools">
        <TabList
          className="tabs game-tabs"
          ariaLabel={t('games.views')}
          tabs={Views}
          current={view}
          onSelect={setView}
          attr="data-view"
          label={(v) => t(`games.view.${v}`)}
        />
        <input
          type="search"
          className="game-search"
          aria-label={t('games.search')}
          placeholder={t('games.searchPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {inMaintenance.map((id) => (
        <p key={id} className="game-notice" role="status" data-maintenance={id}>
          {t('games.maintenance', { provider: providerName(id) })}
        </p>
      ))}
      {playing && (
        <p className="game-playing" role="status">
          {t('games.open', { name: playing.name })}
        </p>
      )}
      {blocked && (
        <p className="game-notice" role="alert">
          {t('games.blocked')}
        </p>
      )}
      {loading && tiles.length === 0 ? (
        <p className="loading" role="status">
          {t('games.loading')}
        </p>
      ) : tiles.length === 0 ? (
        inMaintenance.length > 0 && view === 'all' && query === '' ? null : (
          <p className="game-empty">
            {view === 'favorites'
              ? t('games.emptyFavorites')
              : view === 'recent'
                ? t('games.emptyRecent')
                : t('games.empty')}
          </p>
        )
      ) : (
        <>
          <p className="game-count">{t('games.count', { count: tiles.length })}</p>
          <ul className="game-grid">
            {tiles.map((game) => {
              const key = gameKey(game);
              const favorite = favorites.has(key);
              return (
                <li key={key} className="game-tile" data-game={game.game_id} data-provider={game.provider}>
                  <button
                    type="button"
                    className="game-open"
                    aria-label={t('games.play', { name: game.name })}
                    onClick={() => void launch(game)}
                  >
                    <img
                      src={game.thumbnail}
                      alt=""
                      loading="lazy"
                      decoding="async"
                      width={320}
                      height={240}
                    />
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
                    onClick={() => saveLists(toggleFavorite(lists, key))}
                  >
                    {favorite ? '★' : '☆'}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
