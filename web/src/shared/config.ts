/**
 * White-label configuration: the operator's name, logo and default theme. Set at build time with
 * VITE_OPERATOR_NAME, VITE_OPERATOR_LOGO (a URL) and VITE_THEME; the defaults make a working demo.
 */
export const themeNames = ['emerald', 'midnight', 'crimson'] as const;
export type ThemeName = (typeof themeNames)[number];

function themeOr(value: unknown, fallback: ThemeName): ThemeName {
  return (themeNames as readonly unknown[]).includes(value) ? (value as ThemeName) : fallback;
}

const env = (import.meta as { env?: Record<string, string | undefined> }).env ?? {};

export const operator = {
  name: env.VITE_OPERATOR_NAME?.trim() || 'Sportsbook',
  /** Empty: the name is shown as a word mark instead of an image. */
  logoUrl: env.VITE_OPERATOR_LOGO?.trim() || '',
} as const;

export const defaultTheme: ThemeName = themeOr(env.VITE_THEME, 'emerald');
