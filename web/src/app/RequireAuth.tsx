/** The route guard (SPEC section 2): logged-in players only, else the root with `?redirect=`. */
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SessionContext } from './contexts.ts';
import { loginRedirect } from './redirect.ts';

export function RequireAuth() {
  const status = SessionContext.useSelector((s) =>
    s.matches('loggedIn') ? 'in' : s.matches('loggedOut') ? 'out' : 'pending',
  );
  const wentHome = SessionContext.useSelector((s) => s.context.wentHome);
  const location = useLocation();
  const { t } = useTranslation();
  if (status === 'in') return <Outlet />;
  if (status === 'pending') {
    // A block without margins (not a paragraph): first in the document, a paragraph's margin moved
    // the whole page down while the session settled and back up when the page came (a layout shift).
    return (
      <div className="loading" role="status">
        {t('common.loading')}
      </div>
    );
  }
  return <Navigate to={wentHome ? '/' : loginRedirect(`${location.pathname}${location.search}`)} replace />;
}
