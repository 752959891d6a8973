/**
 * The landing/login page (SPEC sections 2 and 5): login id and password (both required), remember-me,
 * language. A token launch (`?token=`) signs in from here without the form.
 */
import { validationI18nKey } from '@sportsbook/protocol';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { SessionContext } from '../../app/contexts.ts';
import { Brand } from '../../app/Header.tsx';
import { afterLoginTarget } from '../../app/redirect.ts';
import { useHydrated } from '../../shared/hydrated.ts';
import { LanguageSelect } from './LanguageSelect.tsx';
import { readAccount } from './storage.ts';

export default function Landing() {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  const loggedIn = SessionContext.useSelector((s) => s.matches('loggedIn'));
  const busy = SessionContext.useSelector((s) => s.matches('authenticating') || s.matches('restoring'));
  const errors = SessionContext.useSelector((s) => s.context.loginErrors);
  const location = useLocation();
  const [stored] = useState(readAccount);
  const [accountId, setAccountId] = useState(stored.loginId ?? '');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(stored.rememberMe);
  // Prerendered in index.html: inert until hydrated (shared/hydrated.ts).
  const hydrated = useHydrated();

  if (loggedIn) return <Navigate to={afterLoginTarget(location.search)} replace />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    session.send({ type: 'login.password', account_id: accountId, password, rememberMe });
  };
  const errorFor = (field: string) => {
    const error = errors.find((x) => x.field === field);
    return error ? t(validationI18nKey(error), { ...error.params, field: t(`field.${field}`) }) : null;
  };
  const idError = errorFor('account_id');
  const passwordError = errorFor('password');

  return (
    <div className="landing">
      <header className="landing-header">
        <Brand />
        <LanguageSelect />
      </header>
      <main>
        <form className="login-form" onSubmit={submit} noValidate aria-labelledby="login-title">
          <h1 id="login-title">{t('login.title')}</h1>
          <label>
            <span>{t('field.account_id')}</span>
            <input
              name="account_id"
              autoComplete="username"
              value={accountId}
              readOnly={!hydrated}
              onChange={(e) => setAccountId(e.target.value)}
              aria-invalid={idError !== null}
              aria-describedby={idError ? 'account-id-error' : undefined}
            />
          </label>
          {idError && (
            <p id="account-id-error" className="field-error" role="alert">
              {idError}
            </p>
          )}
          <label>
            <span>{t('field.password')}</span>
            <input
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              readOnly={!hydrated}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={passwordError !== null}
              aria-describedby={passwordError ? 'password-error' : undefined}
            />
          </label>
          {passwordError && (
            <p id="password-error" className="field-error" role="alert">
              {passwordError}
            </p>
          )}
          <label className="check">
            <input
              type="checkbox"
              checked={rememberMe}
              disabled={!hydrated}
              onChange={(e) => setRememberMe(e.target.checked)}
            />
            <span>{t('login.rememberMe')}</span>
          </label>
          <button type="submit" disabled={busy || !hydrated}>
            {busy ? t('login.signingIn') : t('login.submit')}
          </button>
        </form>
      </main>
    </div>
  );
}
