/**
 * Switch account from the header (SPEC section 4: the third login route): a small form of login
 * id and password sent as the session machine's `account.switch` (switchlogin, which ends the
 * account's other sessions). The form's own checks are the machine's (usernameRequired /
 * passwordRequired); failures go through the catalogue like any login's.
 */
import { type FormEvent, Suspense, useState } from 'react';
import { SessionContext } from '../../app/contexts.ts';
import { usePlayer } from '../../shared/i18n/player/usePlayer.ts';
import '../info/history.css';

/** In the header, outside any page's Suspense: nothing until its texts (the `player` namespace) are in. */
export function SwitchAccount() {
  return (
    <Suspense fallback={null}>
      <SwitchAccountForm />
    </Suspense>
  );
}

function SwitchAccountForm() {
  const { t } = usePlayer();
  const session = SessionContext.useActorRef();
  const errors = SessionContext.useSelector((s) => s.context.loginErrors);
  const [open, setOpen] = useState(false);
  const [accountId, setAccountId] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    session.send({ type: 'account.switch', account_id: accountId, password });
    setPassword('');
    if (accountId.trim() !== '' && password !== '') setOpen(false);
  };
  if (!open)
    return (
      <span className="switch-account">
        <button type="button" className="link" data-action="switch-account" onClick={() => setOpen(true)}>
          {t('switch.open')}
        </button>
      </span>
    );
  return (
    <span className="switch-account">
      <form aria-label={t('switch.title')} onSubmit={submit}>
        <input
          name="switch_account_id"
          autoComplete="username"
          aria-label={t('switch.id')}
          placeholder={t('switch.id')}
          value={accountId}
          onChange={(e) => setAccountId(e.target.value)}
        />
        <input
          name="switch_password"
          type="password"
          autoComplete="current-password"
          aria-label={t('switch.password')}
          placeholder={t('switch.password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button type="submit">{t('switch.submit')}</button>
        <button type="button" onClick={() => setOpen(false)}>
          {t('switch.cancel')}
        </button>
        {errors.length > 0 ? (
          <span role="alert" data-switch-errors={errors.map((e) => e.code).join(',')}>
            {t('switch.required')}
          </span>
        ) : null}
      </form>
    </span>
  );
}
