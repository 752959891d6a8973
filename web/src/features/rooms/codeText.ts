import { describeError, isKnownErrorCode } from '@sportsbook/protocol';
import { catalogueText } from '../../shared/i18n/index.ts';

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The text of a code shown beside a form: a catalogue code as the catalogue words it (error.<code>),
 * a form rule's code as its validation template (validation.<code>). `t` of the main namespace.
 */
export function codeText(t: T, code: string, params: Record<string, unknown> = {}): string {
  if (isKnownErrorCode(code)) {
    const entry = describeError(code);
    return catalogueText(t, { i18nKey: entry.i18nKey, message: entry.message });
  }
  return t(`validation.${code}`, params);
}
