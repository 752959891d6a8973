import { errorMessagesEn, validationMessagesEn } from '@sportsbook/protocol';
import { uiEn } from './ui-en.ts';

/** English: the UI strings plus protocol's catalogue and validation messages. */
const en: Readonly<Record<string, string>> = { ...uiEn, ...errorMessagesEn, ...validationMessagesEn };
export default en;
