const formats = new Map<string, Intl.NumberFormat | null>();

/**
 * Amounts as the upstream sends them (major units), shown with the currency's two decimals. One
 * formatter per language, made once: making an `Intl.NumberFormat` loads its locale's data, and the
 * header shows several amounts on every render (it was most of /desktop's first render on a phone).
 */
export function formatAmount(amount: number, language: string): string {
  const locale = language === 'tw' ? 'km' : language;
  let format = formats.get(locale);
  if (format === undefined) {
    try {
      format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      format = null;
    }
    formats.set(locale, format);
  }
  return format ? format.format(amount) : amount.toFixed(2);
}
