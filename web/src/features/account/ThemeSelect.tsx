import { useTranslation } from 'react-i18next';
import { PreferencesContext, useLayout } from '../../app/contexts.ts';
import { type ThemeName, themeNames } from '../../shared/config.ts';

/** White-label theme choice (CSS variables per theme in styles.css). */
export function ThemeSelect() {
  const { t } = useTranslation();
  const preferences = PreferencesContext.useActorRef();
  const theme = useLayout().menu.theme;
  return (
    <label className="inline-field">
      <span>{t('header.theme')}</span>
      <select
        value={theme}
        onChange={(e) =>
          preferences.send({ type: 'prefs.update', patch: { menu: { theme: e.target.value as ThemeName } } })
        }
      >
        {themeNames.map((name) => (
          <option key={name} value={name}>
            {t(`theme.${name}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
