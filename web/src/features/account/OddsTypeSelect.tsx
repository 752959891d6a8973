import { isMyanmarCurrency, OddsType, type OddsTypeName } from '@sportsbook/protocol';
import { useTranslation } from 'react-i18next';
import { PreferencesContext, useAccount, useLayout } from '../../app/contexts.ts';

/** The odds types a currency may use: Myanmar only for MMK and MMO (SPEC section 1). */
export function oddsTypesFor(currency: string | undefined): OddsTypeName[] {
  const all = Object.keys(OddsType) as OddsTypeName[];
  return isMyanmarCurrency(currency) ? all : all.filter((name) => name !== 'MYANMAR');
}

/** The shown odds type: the saved one when the currency allows it, else MY (the default). */
export function effectiveOddsType(saved: number, currency: string | undefined): number {
  const allowed = oddsTypesFor(currency).map((name) => OddsType[name]) as number[];
  return allowed.includes(saved) ? saved : OddsType.MY;
}

export function OddsTypeSelect() {
  const { t } = useTranslation();
  const preferences = PreferencesContext.useActorRef();
  const currency = useAccount()?.wallet.currency_code;
  const saved = useLayout().pageDisplay.oddsType;
  return (
    <label className="inline-field">
      <span>{t('header.oddsType')}</span>
      <select
        value={effectiveOddsType(saved, currency)}
        onChange={(e) =>
          preferences.send({
            type: 'prefs.update',
            patch: { pageDisplay: { oddsType: Number(e.target.value) } },
          })
        }
      >
        {oddsTypesFor(currency).map((name) => (
          <option key={name} value={OddsType[name]}>
            {t(`odds.${name}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
