/**
 * Every route of SPEC section 2, in history mode. The landing page ships with the entry chunk; every
 * other page is its own lazy chunk (the landing JS budget). All routes but the landing page,
 * maintenance and the catch-all sit behind RequireAuth.
 */
import { type ComponentType, lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import Landing from '../features/account/Landing.tsx';
import { ComingSoon } from '../shared/components/ComingSoon.tsx';
import { Notifier } from './Notifier.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { Wiring } from './Wiring.tsx';

/** A page in its own chunk (route-level code splitting), loaded when its route first renders. */
function page(load: () => Promise<Record<string, unknown>>, name: string) {
  const Page = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<p className="loading" role="status" aria-busy="true" />}>
      <Page />
    </Suspense>
  );
}

function Root() {
  return (
    <>
      <Wiring />
      <Notifier />
      <Outlet />
    </>
  );
}

const soon = (path: string, titleKey: string, number?: number): RouteObject => ({
  path,
  element: <ComingSoon titleKey={titleKey} {...(number === undefined ? {} : { number })} />,
});

const slotNumbers = [2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15];

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
  soon('highlight/home', 'nav.highlight'),
  { path: 'event', element: page(() => import('../features/info/ResultsPage.tsx'), 'EventPage') },
  {
    path: 'ngresult',
    element: page(() => import('../features/info/ResultsPage.tsx'), 'NumberGameResultsPage'),
  },
  {
    path: 'efresult',
    element: page(() => import('../features/info/ResultsPage.tsx'), 'EFootballResultsPage'),
  },
  soon('minigame', 'nav.miniGame'),
  soon('slots', 'nav.slots'),
  ...slotNumbers.map((n) => soon(`slots${n}`, 'nav.slots', n)),
  soon('others', 'nav.others'),
  soon('others1', 'nav.others', 1),
  soon('casino100', 'nav.casino', 100),
  soon('casino', 'nav.casino'),
  soon('esports2', 'nav.esports'),
  soon('fishing', 'nav.fishing'),
  { path: 'w4d', element: page(() => import('../features/lottery/LotteryPage.tsx'), 'default') },
  soon('livetv', 'nav.liveTv'),
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
