/**
 * A game lobby: the games of the lobby's providers and categories (lobbies.ts), with
 * provider and category tabs, search, favourites and recently played (the layout's `menu.games`),
 * tiles with lazy-loaded thumbnails, and launch in the 1280x720 game pop-up; the header balance is
 * refreshed when that window closes. The catalogue is cached per provider for the session
 * (catalogue.ts). A product disabled for the member shows nothing (silent codes); a provider in
 * maintenance shows its notice; other codes go to the catalogue-driven toasts. The games come from
 * `useLobbyGames.ts`, the member's lists, choices and launches from `useLobbyFlow.ts`; the controls
 * are `LobbyControls`, the tiles `GameGrid`.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductsOff } from './access.ts';
import { GameGrid } from './GameGrid.tsx';
import { useGamesText } from './i18n/index.ts';
import { LobbyControls } from './LobbyControls.tsx';
import { type LobbyId, lobbyDef, lobbyShown, providerName } from './lobbies.ts';
import { useGameLaunch, useGameLists, useLobbyFilters } from './useLobbyFlow.ts';
import { useLobbyGames } from './useLobbyGames.ts';
import './games.css';

export type { LobbyId } from './lobbies.ts';
export { MaintenanceCode } from './useLobbyGames.ts';

export function GameLobby({ lobby }: { lobby: LobbyId }) {
  const def = useMemo(() => lobbyDef(lobby), [lobby]);
  const { t } = useGamesText();
  const { t: common } = useTranslation();
  const off = useProductsOff();
  const data = useLobbyGames(def, off);
  const lists = useGameLists();
  const filters = useLobbyFilters(data, lists);
  const { playing, blocked, launch } = useGameLaunch(data, lists);

  if (!lobbyShown(def, off)) return null;

  const title = def.number === undefined ? common(def.titleKey) : `${common(def.titleKey)} ${def.number}`;
  return (
    <section className="game-lobby" aria-label={title} data-lobby={lobby} aria-busy={data.loading}>
      <LobbyControls data={data} filters={filters} />
      {filters.inMaintenance.map((id) => (
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
      <GameGrid
        filters={filters}
        loading={data.loading}
        lists={lists}
        onLaunch={(game) => void launch(game)}
      />
    </section>
  );
}
