/**
 * The one definition of "phone layout", for CSS and JS alike: a narrow window,
 * or a touch device with a short screen (a phone turned to landscape is 844 px wide but 390 px
 * high: still a phone). A tablet in landscape (768 px high and more) gets the desktop layout.
 *
 * CSS writes `@media (--phone)`; vite.config.ts's `phoneMedia` plugin puts this query in its place
 * (custom media, which browsers do not read yet). JS reads it through shared/phone.ts. No imports
 * here: vite.config.ts loads this file.
 */
export const PhoneQuery = '(max-width: 640px), (pointer: coarse) and (max-height: 500px)';

/** The custom media name CSS files use for PhoneQuery. */
export const PhoneMediaName = '--phone';

/** A CSS file's text with every `@media (--phone)` replaced by PhoneQuery. */
export function expandPhoneMedia(css: string): string {
  return css.replaceAll(`@media (${PhoneMediaName})`, `@media ${PhoneQuery}`);
}
