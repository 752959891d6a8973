/** The live centre's links: live TV, highlights, standings and brackets (the current one marked). */
import { NavLink } from 'react-router';
import { useLiveText } from './i18n/index.ts';
import { standingsPath } from './liveApi.ts';

export function LiveLinks({ current }: { current: 'tv' | 'highlights' | 'standings' }) {
  const { t } = useLiveText();
  const links = [
    ['tv', '/livetv', 'link.liveTv'],
    ['highlights', '/highlight/home', 'link.highlights'],
    ['standings', standingsPath(), 'link.standings'],
  ] as const;
  return (
    <nav className="live-links" aria-label={t('tv.title')}>
      {links.map(([key, to, label]) => (
        <NavLink key={key} to={to} aria-current={key === current ? 'page' : undefined}>
          {t(label)}
        </NavLink>
      ))}
    </nav>
  );
}

/** The results page's way into standings and brackets (its own namespace, so the book stays as is). */
export function StandingsLink() {
  const { t } = useLiveText();
  return (
    <NavLink className="standings-link" to={standingsPath()}>
      {t('link.standings')}
    </NavLink>
  );
}
