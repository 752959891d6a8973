/**
 * Every route of SPEC section 2, in history mode. The landing page ships with the entry chunk; every
 * other page is its own lazy chunk (the landing JS budget). All routes but the landing page,
 * maintenance and the catch-all sit behind RequireAuth.
 */
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { AppLayout } from '../components/AppLayout.tsx';
import { ComingSoon } from '../components/ComingSoon.tsx';
import { Notifier } from '../components/Notifier.tsx';
import Landing from '../pages/Landing.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { Wiring } from './Wiring.tsx';

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
  { path: 'desktop', lazy: async () => ({ Component: (await import('../pages/Desktop.tsx')).default }) },
  { path: 'tournament2', element: <Navigate to="/tournament2/home" replace /> },
  soon('tournament2/home', 'nav.tournament'),
  { path: 'highlight', element: <Navigate to="/highlight/home" replace /> },
  soon('highlight/home', 'nav.highlight'),
  soon('event', 'nav.event'),
  soon('ngresult', 'nav.results'),
  soon('efresult', 'nav.results'),
  soon('minigame', 'nav.miniGame'),
  soon('slots', 'nav.slots'),
  ...slotNumbers.map((n) => soon(`slots${n}`, 'nav.slots', n)),
  soon('others', 'nav.others'),
  soon('others1', 'nav.others', 1),
  soon('casino100', 'nav.casino', 100),
  soon('casino', 'nav.casino'),
  soon('esports2', 'nav.esports'),
  soon('fishing', 'nav.fishing'),
  soon('w4d', 'nav.lottery'),
  soon('livetv', 'nav.liveTv'),
];

/** Info sub-pages (their own pop-up window, without the main header). */
export const infoRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/info/settings" replace /> },
  { path: 'settings', lazy: async () => ({ Component: (await import('../pages/info/Settings.tsx')).default }) },
  { path: 'message', lazy: async () => ({ Component: (await import('../pages/info/Messages.tsx')).default }) },
  soon('sysparlay', 'info.sysparlay'),
  soon('betlist', 'info.betlist'),
  soon('statement', 'info.statement'),
  soon('result', 'info.result'),
  soon('rules', 'info.rules'),
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { index: true, element: <Landing /> },
      { path: 'maintenance', lazy: async () => ({ Component: (await import('../pages/Maintenance.tsx')).default }) },
      {
        element: <RequireAuth />,
        children: [
          { element: <AppLayout />, children: productRoutes },
          {
            path: 'info',
            element: <AppLayout popup />,
            children: [
              {
                lazy: async () => ({ Component: (await import('../pages/info/InfoLayout.tsx')).default }),
                children: infoRoutes,
              },
            ],
          },
        ],
      },
      { path: '*', lazy: async () => ({ Component: (await import('../pages/NotFound.tsx')).default }) },
    ],
  },
];
