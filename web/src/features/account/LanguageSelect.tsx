import { type Language, LanguageLabel, Languages } from '@sportsbook/protocol';
import { useTranslation } from 'react-i18next';
import { PreferencesContext, useLayout } from '../../app/contexts.ts';
import { useHydrated } from '../../shared/hydrated.ts';

/**
 * The language choice (nine languages, each labelled in itself); saved with the layout. Disabled in
 * the prerendered landing page until hydrated, like the login form (shared/hydrated.ts): a choice
 * made before React attaches its handler would show in the select and change nothing.
 */
export function LanguageSelect() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const preferences = PreferencesContext.useActorRef();
  const language = useLayout().pageDisplay.language;
  return (
    <label className="inline-field">
      <span>{t('header.language')}</span>
      <select
        value={language}
        disabled={!hydrated}
        onChange={(e) =>
          preferences.send({
            type: 'prefs.update',
            patch: { pageDisplay: { language: e.target.value as Language } },
          })
        }
      >
        {Languages.map((code) => (
          <option key={code} value={code} lang={code === 'tw' ? 'km' : code}>
            {LanguageLabel[code]}
          </option>
        ))}
      </select>
    </label>
  );
}
