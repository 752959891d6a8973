/**
 * The account page's facts of SPEC section 3 ("Account also has last login and password expiry"):
 * the login before this session's and when the password expires, in GMT+8, from player_info's
 * `last_login_time` / `password_expiry_time` (ours; absent from an upstream that does not send them).
 */
import { formatGmt8 } from '@sportsbook/protocol';
import { useAccount } from '../../app/contexts.ts';
import { usePlayer } from '../../shared/i18n/player/usePlayer.ts';
import '../info/history.css';

const at = (utcMs: number) => `${formatGmt8(utcMs, 'yyyy-MM-dd HH:mm')} (GMT+8)`;

export function AccountFacts({ now = Date.now() }: { now?: number }) {
  const { t } = usePlayer();
  const account = useAccount();
  if (!account) return null;
  const { last_login_time: last, password_expiry_time: expiry } = account.info;
  if (last === undefined && (expiry === undefined || expiry === null)) return null;
  return (
    <section className="card" aria-labelledby="account-facts-title">
      <h2 id="account-facts-title">{t('account.title')}</h2>
      <dl className="account-facts">
        {last !== undefined ? (
          <>
            <dt>{t('account.lastLogin')}</dt>
            <dd data-last-login={last ?? ''}>{last === null ? t('account.firstLogin') : at(last)}</dd>
          </>
        ) : null}
        {expiry !== undefined && expiry !== null ? (
          <>
            <dt>{t('account.passwordExpiry')}</dt>
            <dd data-password-expiry={expiry}>
              {at(expiry)}
              {expiry <= now ? <span role="alert"> {t('account.passwordExpired')}</span> : null}
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}
