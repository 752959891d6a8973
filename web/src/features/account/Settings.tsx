/**
 * My account (SPEC section 2): change password (SPEC section 5 rules), set the nickname once (then
 * shown, not editable), and the layout settings (saved locally and upstream).
 */
import {
  type ValidationError,
  validateChangePassword,
  validateNickname,
  validationI18nKey,
} from '@sportsbook/protocol';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PreferencesContext, SessionContext, useAccount, useLayout } from '../../app/contexts.ts';
import { api } from '../../shared/api.ts';
import { AccountFacts } from './AccountFacts.tsx';
import { accountCalls, authOf } from './accountApi.ts';
import { BettingSettings } from './BettingSettings.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { OddsTypeSelect } from './OddsTypeSelect.tsx';
import { ThemeSelect } from './ThemeSelect.tsx';

const calls = accountCalls(api);
const isSet = (flag: unknown) => flag === true || flag === 1 || flag === '1';

function useErrorText() {
  const { t } = useTranslation();
  return (errors: readonly ValidationError[], field: string): string | null => {
    const error = errors.find((e) => e.field === field);
    if (!error) return null;
    const params: Record<string, unknown> = { ...error.params, field: t(`field.${field}`) };
    if (typeof error.params.other === 'string') params.other = t(`field.${error.params.other}`);
    return t(validationI18nKey(error), params);
  };
}

function FieldError({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <p id={id} className="field-error" role="alert">
      {text}
    </p>
  ) : null;
}

function ChangePassword() {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  const account = useAccount();
  const errorText = useErrorText();
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<ValidationError[]>([]);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    const found = validateChangePassword(form);
    setErrors(found);
    if (found.length > 0 || !account) return;
    setBusy(true);
    const outcome = await calls.changePassword(authOf(account), form);
    setBusy(false);
    if (outcome.ok) {
      setDone(true);
      setForm({ currentPassword: '', newPassword: '', confirmPassword: '' });
    } else {
      session.send({ type: 'error.report', code: outcome.error.code, callerWantsDialog: true });
    }
  };
  const field = (name: keyof typeof form, autoComplete: string) => (
    <>
      <label>
        <span>{t(`field.${name}`)}</span>
        <input
          type="password"
          autoComplete={autoComplete}
          value={form[name]}
          onChange={(e) => setForm({ ...form, [name]: e.target.value })}
          aria-invalid={errorText(errors, name) !== null}
        />
      </label>
      <FieldError id={`${name}-error`} text={errorText(errors, name)} />
    </>
  );
  return (
    <form className="card" onSubmit={submit} noValidate aria-labelledby="password-title">
      <h2 id="password-title">{t('account.changePassword')}</h2>
      <p className="hint">{t('account.passwordRules')}</p>
      {field('currentPassword', 'current-password')}
      {field('newPassword', 'new-password')}
      {field('confirmPassword', 'new-password')}
      <button type="submit" disabled={busy}>
        {t('common.save')}
      </button>
      {done && <p role="status">{t('account.passwordChanged')}</p>}
    </form>
  );
}

function Nickname() {
  const { t } = useTranslation();
  const session = SessionContext.useActorRef();
  const account = useAccount();
  const errorText = useErrorText();
  const [nickname, setNickname] = useState('');
  const [errors, setErrors] = useState<ValidationError[]>([]);
  const [busy, setBusy] = useState(false);
  if (!account) return null;
  const already = isSet(account.info.has_secondary_account);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateNickname({ nickname, hasSecondaryAccount: already });
    setErrors(found);
    if (found.length > 0) return;
    setBusy(true);
    const outcome = await calls.setNickname(authOf(account), nickname);
    setBusy(false);
    if (outcome.ok) session.send({ type: 'profile.reload' });
    else session.send({ type: 'error.report', code: outcome.error.code, callerWantsDialog: true });
  };

  return (
    <section className="card" aria-labelledby="nickname-title">
      <h2 id="nickname-title">{t('account.nickname')}</h2>
      {already ? (
        <p>
          {t('account.nicknameSet')} <strong data-testid="nickname">{account.info.nickname}</strong>
        </p>
      ) : (
        <form onSubmit={submit} noValidate>
          <p className="hint">{t('account.nicknameRules')}</p>
          <label>
            <span>{t('field.nickname')}</span>
            <input value={nickname} onChange={(e) => setNickname(e.target.value)} maxLength={15} />
          </label>
          <FieldError id="nickname-error" text={errorText(errors, 'nickname')} />
          <button type="submit" disabled={busy}>
            {t('account.setNickname')}
          </button>
        </form>
      )}
    </section>
  );
}

function Preferences() {
  const { t } = useTranslation();
  const preferences = PreferencesContext.useActorRef();
  const layout = useLayout();
  const betting = (patch: Partial<typeof layout.betting>) =>
    preferences.send({ type: 'prefs.update', patch: { betting: patch } });
  const display = (patch: Partial<typeof layout.pageDisplay>) =>
    preferences.send({ type: 'prefs.update', patch: { pageDisplay: patch } });
  return (
    <section className="card" aria-labelledby="settings-title">
      <h2 id="settings-title">{t('account.settings')}</h2>
      <LanguageSelect />
      <OddsTypeSelect />
      <ThemeSelect />
      <label className="inline-field">
        <span>{t('settings.pageSize')}</span>
        <select
          value={layout.pageDisplay.pageSize}
          onChange={(e) => display({ pageSize: Number(e.target.value) })}
        >
          {[10, 20, 30, 50].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      {(
        [
          ['acceptBetterOdds', layout.betting.acceptBetterOdds],
          ['autoRefreshOdds', layout.betting.autoRefreshOdds],
          ['quickBet', layout.betting.quickBet],
        ] as const
      ).map(([key, value]) => (
        <label key={key} className="check">
          <input type="checkbox" checked={value} onChange={(e) => betting({ [key]: e.target.checked })} />
          <span>{t(`settings.${key}`)}</span>
        </label>
      ))}
      <p className="hint">{t('settings.autoRefreshHint')}</p>
      <BettingSettings />
      <label className="check">
        <input
          type="checkbox"
          checked={layout.pageDisplay.showScoreMap}
          onChange={(e) => display({ showScoreMap: e.target.checked })}
        />
        <span>{t('settings.showScoreMap')}</span>
      </label>
    </section>
  );
}

export default function Settings() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{t('info.settings')}</h1>
      <AccountFacts />
      <Nickname />
      <ChangePassword />
      <Preferences />
    </section>
  );
}
