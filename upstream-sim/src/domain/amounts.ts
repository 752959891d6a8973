import { type CurrencyCode, CurrencyInfo, exact, Fraction, roundMinor } from '@sportsbook/protocol';
import { reject } from '../reply.ts';

/** Minor digits of a currency (ISO 4217, from protocol's table). */
export function minorDigits(currency: string): number {
  return (CurrencyInfo as Record<string, { minorDigits: number }>)[currency]?.minorDigits ?? 2;
}

/**
 * Major units on the wire (12.5) -> integer minor units (1250). An amount with more digits than
 * the currency has is refused (`badRequest`) rather than silently rounded.
 */
export function toMinor(amount: number, currency: CurrencyCode | string): number {
  const scaled = exact(amount).mul(new Fraction(10 ** minorDigits(currency)));
  if (scaled.d !== 1n) reject('badRequest', { field: 'stake' });
  return roundMinor(scaled);
}

/** Integer minor units -> major units as a JSON number (1250 -> 12.5). Division once, exact to the digit. */
export function toMajor(minor: number, currency: CurrencyCode | string): number {
  const digits = minorDigits(currency);
  return Number((minor / 10 ** digits).toFixed(digits));
}
