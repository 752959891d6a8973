/** Info pages (opened in their 1000x970 pop-up): tabs between the info sub-pages. */
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useOutletContext } from 'react-router';
import { infoLinks } from '../../app/Nav.tsx';

export default function InfoLayout() {
  const { t } = useTranslation();
  const context = useOutletContext();
  return (
    <div className="info-layout">
      <nav aria-label={t('nav.info')}>
        <ul className="tabs">
          {infoLinks.map(([to, key]) => (
            <li key={to}>
              <NavLink to={to}>{t(key)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet context={context} />
    </div>
  );
}
