/** Main navigation: product pages in this window, info pages in their 1000x970 pop-up. */
import { isLotteryDisabled } from '@sportsbook/protocol';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useProductsOff } from '../features/games/access.ts';
import { useTournamentAccess } from '../features/rooms/access.ts';
import { openPopup } from '../shared/popups.ts';
import { useAccount } from './contexts.ts';

export const productLinks = [
  ['/desktop', 'nav.sports'],
  ['/tournament2', 'nav.tournament'],
  ['/livetv', 'nav.liveTv'],
  ['/highlight', 'nav.highlight'],
  ['/casino', 'nav.casino'],
  ['/slots', 'nav.slots'],
  ['/fishing', 'nav.fishing'],
  ['/w4d', 'nav.lottery'],
  ['/minigame', 'nav.miniGame'],
  ['/esports2', 'nav.esports'],
  ['/event', 'nav.event'],
  ['/others', 'nav.others'],
] as const;

export const infoLinks = [
  ['/info/betlist', 'info.betlist'],
  ['/info/statement', 'info.statement'],
  ['/info/result', 'info.result'],
  ['/info/sysparlay', 'info.sysparlay'],
  ['/info/settings', 'info.settings'],
  ['/info/message', 'info.message'],
  ['/info/rules', 'info.rules'],
] as const;

export function Nav() {
  const { t } = useTranslation();
  const account = useAccount();
  // lotteryDisabled is silent too: a member without the lottery does not see /w4d.
  const lotteryOff = account !== null && isLotteryDisabled(account.info);
  // tournamentDisabled (membervalidatetournament) is silent: the entry is just not there.
  const tournament = useTournamentAccess(
    account ? { account_id: account.info.account_id, session_token: account.info.session_token } : null,
  );
  // liveCasinoDisabled and MiniGameDisabled are silent: profile flags or a game call's answer.
  const gamesOff = useProductsOff();
  const hidden = (to: string) =>
    (to === '/tournament2' && tournament === 'disabled') ||
    (to === '/w4d' && lotteryOff) ||
    (to === '/casino' && gamesOff.has('livecasino')) ||
    (to === '/minigame' && gamesOff.has('minigame'));
  return (
    <nav className="app-nav" aria-label={t('nav.main')}>
      <ul>
        {productLinks.map(([to, key]) =>
          hidden(to) ? null : (
            <li key={to}>
              <NavLink to={to}>{t(key)}</NavLink>
            </li>
          ),
        )}
      </ul>
      <ul>
        {infoLinks.map(([to, key]) => (
          <li key={to}>
            <button type="button" className="link" onClick={() => openPopup(to)}>
              {t(key)}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
