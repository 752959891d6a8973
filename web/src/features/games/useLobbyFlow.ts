/**
 * A game lobby's flow: the member's lists (favourites and recently played, kept in the layout's
 * `menu.games`), the choice of provider, category, view and search and the tiles it leaves, and
 * launching a game in the 1280x720 pop-up; the header balance is refreshed when that window closes.
 */
import { useRef, useState } from 'react';
import { PreferencesContext, SessionContext, useLayout } from '../../app/contexts.ts';
import { useMember } from '../../app/useMember.ts';
import { api } from '../../shared/api.ts';
import { noteGameCode } from './access.ts';
import { launchGame } from './gamesApi.ts';
import { openGameWindow, watchClosed } from './gameWindow.ts';
import {
  addRecent,
  gameKey,
  type LobbyGame,
  type LobbyView,
  toggleFavorite,
  visibleGames,
} from './library.ts';
import { productOfCode } from './lobbies.ts';
import { type LobbyGames, MaintenanceCode } from './useLobbyGames.ts';

/** The member's favourites and recently played, saved through the preferences machine. */
export function useGameLists() {
  const preferences = PreferencesContext.useActorRef();
  const lists = useLayout().menu.games;
  const favorites = new Set(lists.favorites);
  const save = (next: typeof lists) =>
    preferences.send({ type: 'prefs.update', patch: { menu: { games: next } } });
  return { lists, favorites, save, toggleFavorite: (key: string) => save(toggleFavorite(lists, key)) };
}

export type GameLists = ReturnType<typeof useGameLists>;

/** The tabs, view and search the member picked, and the tiles and maintenance notices they show. */
export function useLobbyFilters({ providers, categories, states, games }: LobbyGames, { lists }: GameLists) {
  const [provider, setProvider] = useState<string>('all');
  const [category, setCategory] = useState<string>('all');
  const [view, setView] = useState<LobbyView>('all');
  const [query, setQuery] = useState('');
  const selectedProvider = providers.includes(provider) ? provider : 'all';
  const selectedCategory = (categories as readonly string[]).includes(category) ? category : 'all';
  const tiles = visibleGames(games, lists, {
    provider: selectedProvider,
    category: selectedCategory,
    view,
    query,
  });
  const inMaintenance = providers.filter(
    (id) => states[id]?.state === 'maintenance' && (selectedProvider === 'all' || selectedProvider === id),
  );
  return {
    provider: selectedProvider,
    category: selectedCategory,
    view,
    query,
    setProvider,
    setCategory,
    setView,
    setQuery,
    tiles,
    inMaintenance,
  };
}

export type LobbyFilters = ReturnType<typeof useLobbyFilters>;

/** Launching a game: what is playing now, and whether the pop-up was blocked. */
export function useGameLaunch({ markMaintenance }: LobbyGames, { lists, save }: GameLists) {
  const { auth, report } = useMember();
  const session = SessionContext.useActorRef();
  const language = useLayout().pageDisplay.language;
  const [playing, setPlaying] = useState<{ name: string } | null>(null);
  const [blocked, setBlocked] = useState(false);
  const stopWatch = useRef<(() => void) | null>(null);
  // No stop on unmount: a game window still open when the member leaves the lobby keeps its watch,
  // so the header balance is refreshed when it closes wherever the member is (the session is app-wide).

  async function launch(game: LobbyGame) {
    if (!auth) return;
    // Opened inside the click, so that no pop-up blocker stops it; sent to the game when it answers.
    const win = openGameWindow();
    setBlocked(win === null);
    if (!win) return;
    const outcome = await launchGame(api, auth, game, language);
    if (!outcome.ok) {
      win.close();
      if (outcome.error.code === MaintenanceCode) markMaintenance(game.provider);
      else if (productOfCode(outcome.error.code)) noteGameCode(auth.session_token, outcome.error.code);
      else report(outcome.error.code);
      return;
    }
    // Absolute, so that the blank window resolves it against this app's origin.
    win.location.href = new URL(outcome.value, globalThis.location.href).href;
    save(addRecent(lists, gameKey(game)));
    setPlaying({ name: game.name });
    stopWatch.current?.();
    stopWatch.current = watchClosed(win, () => {
      stopWatch.current = null;
      setPlaying(null);
      // Every round is already in the wallet: the header shows it now.
      session.send({ type: 'balance.refresh' });
    });
  }
  return { playing, blocked, launch };
}
