/**
 * The stake settings of SPEC section 3's `betting`: the default stake mode and
 * amount the bet slip starts from, and the quick bet amount one click on a price places. Amounts
 * are typed like a stake (protocol stakeInput.ts through shared/money.ts `readStake`: digits of any
 * script, never rounded, at most the currency's decimals, within the member's default limits) and
 * kept in major units, as `usersettings` and the bet calls carry amounts; empty is 0 (none).
 * Saved with the other preferences (local, upstream, every window: preferencesMachine).
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PreferencesContext, useAccount, useLayout } from '../../app/contexts.ts';
import { useBook } from '../../shared/i18n/book/useBook.ts';
import { formatMoney, readStake, stakeText, toMajor, toMinor } from '../../shared/money.ts';
import { StakeMode } from '../betslip/betSlipMachine.ts';

type AmountField = 'defaultStakeAmount' | 'quickBetAmount';

interface AmountError {
  key: string;
  params: Record<string, unknown>;
}

/** The typed amount in major units (0 when empty), or why it is refused. */
export function settingsAmount(
  text: string,
  currency: string,
  bounds: { min: number; max: number } | null,
): { ok: true; major: number } | { ok: false; error: AmountError } {
  const read = readStake(text, currency, bounds ?? undefined);
  const money = (minor: number) => formatMoney(minor, currency);
  switch (read.kind) {
    case 'empty':
      return { ok: true, major: 0 };
    case 'ok':
      return { ok: true, major: toMajor(read.minor, currency) };
    case 'tooManyDecimals':
      return { ok: false, error: { key: 'slip.stakeDecimals', params: { currency, digits: read.digits } } };
    case 'belowMin':
      return { ok: false, error: { key: 'slip.stakeBelowMin', params: { currency, min: money(read.min) } } };
    case 'aboveMax':
      return { ok: false, error: { key: 'slip.stakeAboveMax', params: { currency, max: money(read.max) } } };
    default:
      return { ok: false, error: { key: 'slip.stakeNotANumber', params: {} } };
  }
}

const asText = (major: number, currency: string) =>
  major > 0 ? stakeText(toMinor(major, currency), currency) : '';

export function BettingSettings() {
  const { t } = useTranslation();
  const preferences = PreferencesContext.useActorRef();
  const layout = useLayout();
  const account = useAccount();
  const currency = account?.wallet.currency_code ?? 'MYR';
  const { defaultStake, defaultStakeAmount, quickBetAmount } = layout.betting;
  return (
    <fieldset className="betting-settings">
      <legend>{t('settings.defaultStake')}</legend>
      <label className="inline-field">
        <span>{t('settings.defaultStake')}</span>
        <select
          name="defaultStake"
          value={defaultStake}
          onChange={(e) =>
            preferences.send({
              type: 'prefs.update',
              patch: { betting: { defaultStake: Number(e.target.value) } },
            })
          }
        >
          {[StakeMode.empty, StakeMode.last, StakeMode.preferred].map((mode) => (
            <option key={mode} value={mode}>
              {t(`settings.defaultStakeMode.${mode}`)}
            </option>
          ))}
        </select>
      </label>
      {/* Keyed by the stored amounts: a change from another window shows at once. */}
      <Amounts
        key={`${currency}:${defaultStakeAmount}:${quickBetAmount}`}
        currency={currency}
        initial={{
          defaultStakeAmount: asText(defaultStakeAmount, currency),
          quickBetAmount: asText(quickBetAmount, currency),
        }}
      />
    </fieldset>
  );
}

function Amounts({ currency, initial }: { currency: string; initial: Record<AmountField, string> }) {
  const { t } = useTranslation();
  const book = useBook().t;
  const preferences = PreferencesContext.useActorRef();
  const account = useAccount();
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<AmountField, AmountError>>>({});
  const [saved, setSaved] = useState(false);
  // The member's default single-bet limits, when the login gave them.
  const limit = account?.betLimits.find((l) => l.bet_type === 'default');
  const bounds = limit
    ? { min: toMinor(limit.min_bet, currency), max: toMinor(limit.max_bet, currency) }
    : null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const fields: AmountField[] = ['defaultStakeAmount', 'quickBetAmount'];
    const found: Partial<Record<AmountField, AmountError>> = {};
    const patch: Partial<Record<AmountField, number>> = {};
    for (const field of fields) {
      const read = settingsAmount(form[field], currency, bounds);
      if (read.ok) patch[field] = read.major;
      else found[field] = read.error;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    preferences.send({ type: 'prefs.update', patch: { betting: patch } });
    setSaved(true);
  };
  const field = (name: AmountField, hint?: string) => {
    const error = errors[name];
    const hintId = hint ? `${name}-hint` : undefined;
    return (
      <>
        <label className="inline-field">
          <span>
            {t(`settings.${name}`)} ({currency})
          </span>
          <input
            name={name}
            inputMode="decimal"
            autoComplete="off"
            value={form[name]}
            aria-invalid={error ? true : undefined}
            aria-describedby={[error ? `${name}-error` : '', hintId ?? ''].join(' ').trim() || undefined}
            onChange={(e) => {
              setSaved(false);
              setForm({ ...form, [name]: e.target.value });
            }}
          />
        </label>
        {hint ? (
          <p id={hintId} className="hint">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${name}-error`} className="field-error" role="alert" data-field-error={name}>
            {book(error.key, error.params)}
          </p>
        ) : null}
      </>
    );
  };
  return (
    <form className="settings-amounts" onSubmit={submit} noValidate>
      {field('defaultStakeAmount')}
      {field('quickBetAmount', t('settings.quickBetHint'))}
      <button type="submit" data-action="save-amounts">
        {t('common.save')}
      </button>
      <p role="status">{saved ? t('settings.amountsSaved') : ''}</p>
    </form>
  );
}
