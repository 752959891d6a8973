/** The catalogue text of a code (SPEC section 8) in the player's language, as a logged-in player sees it. */
import { uiActionFor } from '@sportsbook/protocol';
import { useTranslation } from 'react-i18next';
import { catalogueText } from '../../shared/i18n/index.ts';

export function useCodeText() {
  const { t } = useTranslation();
  return (code: string) => catalogueText(t, uiActionFor(code, { loggedIn: true }));
}
