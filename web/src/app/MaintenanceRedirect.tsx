/**
 * Sends the open page to /maintenance when anything says the site is in maintenance
 * (shared/siteStatus.ts: a call's answer, or the logged-in layout's `list/site` topic), remembering
 * the page to come back to. Rendered once by the router's root, so it covers every route.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { maintenancePath, onMaintenance } from '../shared/siteStatus.ts';

export function MaintenanceRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const where = useRef(location);
  where.current = location;
  useEffect(
    () =>
      onMaintenance(() => {
        const here = where.current;
        if (here.pathname === '/maintenance') return;
        void navigate(maintenancePath(`${here.pathname}${here.search}`), { replace: true });
      }),
    [navigate],
  );
  return null;
}
