/**
 * Every route of SPEC section 2, in history mode. The landing page ships with the entry chunk; every
 * other page is its own lazy chunk (the landing JS budget). All routes but the landing page,
 * maintenance and the catch-all sit behind RequireAuth.
 */
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import Landing from '../features/account/Landing.tsx';
import { MaintenanceRedirect } from './MaintenanceRedirect.tsx';
import { Notifier } from './Notifier.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { Wiring } from './Wiring.tsx';

/**
 * A page in its own chunk (route-level code splitting), loaded when its route first renders. The
 * placeholder is a block without margins: the logged-in layout is such a page, and first in the
 * document a paragraph's margin moved the whole page down until it came (a layout shift).
 */
function page(load: () => Promise<Record<string, unknown>>, name: string) {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<div className="loading" role="status" aria-busy="true" />}>
      <Page />
    </Suspense>
  );
}

function Root() {
  return (
    <>
      <Wiring />
      <Notifier />
      <MaintenanceRedirect />
      <Outlet />
    </>
  );
}

const slotNumbers = [2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15];

/** The game lobbies (features/games/lobbies.ts): one lazy chunk, the lobby picked by the path. */
export const gameLobbyPaths = [
  'casino',
  'casino100',
  'slots',
  ...slotNumbers.map((n) => `slots${n}`),
  'fishing',
  'others',
  'others1',
];

/** Protected product pages (in the main window's layout). */
export const productRoutes: RouteObject[] = [
  { path: 'desktop', element: page(() => import('../features/board/DesktopPage.tsx'), 'default') },
  { path: 'tournament2', element: <Navigate to="/tournament2/home" replace /> },
  { path: 'tournament2/home', element: page(() => import('../features/rooms/LobbyPage.tsx'), 'default') },
  {
    path: 'tournament2/room/:roomId',
    element: page(() => import('../features/rooms/RoomPage.tsx'), 'default'),
  },
  {
    path: 'tournament2/tutorial',
    element: page(() => import('../features/rooms/TutorialPage.tsx'), 'default'),
  },
  { path: 'highlight', element: <Navigate to="/highlight/home" replace /> },
  {
    path: 'highlight/home',
    element: page(() => import('../features/live/HighlightsPage.tsx'), 'default'),
  },
  // Standings and brackets of a league (?league=<id>), from live TV and the results page.
  { path: 'standings', element: page(() => import('../features/live/StandingsPage.tsx'), 'default') },
  { path: 'event', element: page(() => import('../features/info/EventsPage.tsx'), 'default') },
  {
    path: 'ngresult',
    element: page(() => import('../features/numbergame/NumberGameResultsPage.tsx'), 'default'),
  },
  {
    path: 'efresult',
    element: page(() => import('../features/esports/ResultsPage.tsx'), 'default'),
  },
  { path: 'minigame', element: page(() => import('../features/numbergame/NumberGamePage.tsx'), 'default') },
  ...gameLobbyPaths.map((path) => ({
    path,
    element: page(() => import('../features/games/GamesPage.tsx'), 'default'),
  })),
  { path: 'esports2', element: page(() => import('../features/esports/EsportsPage.tsx'), 'default') },
  { path: 'w4d', element: page(() => import('../features/lottery/LotteryPage.tsx'), 'default') },
  { path: 'livetv', element: page(() => import('../features/live/LiveTvPage.tsx'), 'default') },
];

/** Info sub-pages (their own pop-up window, without the main header). */
export const infoRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/info/settings" replace /> },
  { path: 'settings', element: page(() => import('../features/account/Settings.tsx'), 'default') },
  { path: 'message', element: page(() => import('../features/account/Messages.tsx'), 'default') },
  { path: 'sysparlay', element: page(() => import('../features/info/SysParlayPage.tsx'), 'default') },
  { path: 'betlist', element: page(() => import('../features/info/BetListPage.tsx'), 'default') },
  { path: 'statement', element: page(() => import('../features/info/StatementPage.tsx'), 'default') },
  { path: 'result', element: page(() => import('../features/info/ResultsPage.tsx'), 'default') },
  { path: 'rules', element: page(() => import('../features/info/RulesPage.tsx'), 'default') },
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { index: true, element: <Landing /> },
      { path: 'maintenance', element: page(() => import('./Maintenance.tsx'), 'default') },
      // The operator dashboard: its own token (OPS_TOKEN), not a player login (gateway/OPS.md).
      { path: 'ops', element: page(() => import('../features/ops/OpsPage.tsx'), 'default') },
      {
        element: <RequireAuth />,
        children: [
          {
            // The logged-in layout is its own chunk: the landing page never shows it.
            element: page(() => import('./AppLayout.tsx'), 'AppLayout'),
            children: productRoutes,
          },
          {
            path: 'info',
            element: page(() => import('./AppLayout.tsx'), 'PopupLayout'),
            children: [
              {
                element: page(() => import('../features/info/InfoLayout.tsx'), 'default'),
                children: infoRoutes,
              },
            ],
          },
        ],
      },
      { path: '*', element: page(() => import('./NotFound.tsx'), 'default') },
    ],
  },
];
