/**
 * A lobby route (/casino, /casino100, /slots, /slots2-9, /slots11-15, /fishing, /others, /others1):
 * the lobby of its path (lobbies.ts) under its title, with links to the other lobbies of its
 * family (the numbered slot lobbies by provider and tag, the live casino tables, every game). A
 * lobby whose product is disabled for the member shows nothing at all (silent codes).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useProductsOff } from './access.ts';
import { GameLobby } from './GameLobby.tsx';
import { useGamesText } from './i18n/index.ts';
import {
  type LabelPart,
  type LobbyId,
  lobbyDef,
  lobbyFamily,
  lobbyLabel,
  lobbyOfPath,
  lobbyShown,
  providerName,
} from './lobbies.ts';

export default function GamesPage() {
  const { t } = useTranslation();
  const { t: games } = useGamesText();
  const lobby = lobbyOfPath(useLocation().pathname);
  const def = useMemo(() => (lobby ? lobbyDef(lobby) : undefined), [lobby]);
  const off = useProductsOff();
  // Nothing shown (an empty, hidden marker, so that a test can tell the page has rendered).
  if (!lobby || !def || !lobbyShown(def, off)) return <div className="games-page" data-lobby-hidden hidden />;
  const title = def.number === undefined ? t(def.titleKey) : `${t(def.titleKey)} ${def.number}`;
  const part = (p: LabelPart) => {
    if (p.kind === 'title') return t(def.titleKey);
    if (p.kind === 'all') return games('games.view.all');
    if (p.kind === 'provider') return providerName(p.id);
    if (p.kind === 'tag') return games(`games.tag.${p.tag}`);
    return games(`games.category.${p.category}`);
  };
  const family = lobbyFamily(lobby).filter((id) => lobbyShown(lobbyDef(id), off));
  const label = (id: LobbyId) => lobbyLabel(id).map(part).join(' · ');
  return (
    <div className="games-page">
      <h1 id="page-title">{title}</h1>
      {family.length > 1 && (
        <nav className="tabs game-lobby-links" aria-label={games('games.lobbies')}>
          {family.map((id) => (
            <NavLink key={id} to={`/${id}`} end data-lobby-link={id}>
              {label(id)}
            </NavLink>
          ))}
        </nav>
      )}
      <GameLobby key={lobby} lobby={lobby} />
    </div>
  );
}
