/** Amounts as the upstream sends them (major units), shown with the currency's two decimals. */
export function formatAmount(amount: number, language: string): string {
  const locale = language === 'tw' ? 'km' : language;
  try {
    return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      amount,
    );
  } catch {
    return amount.toFixed(2);
  }
}
