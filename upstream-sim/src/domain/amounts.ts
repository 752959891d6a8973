/**
 * Amounts on the wire (major units, JSON numbers) to and from the integer minor units the wallet
 * keeps, through protocol's one rule (money.ts toMinorUnits / fromMinorUnits, constants.ts
 * currencyDigits). This module only adds the simulator's error reply.
 */
import { currencyDigits, fromMinorUnits, toMinorUnits } from '@sportsbook/protocol';
import { reject } from '../reply.ts';

/**
 * Major units on the wire (12.5) -> integer minor units (1250). An amount with more digits than
 * the currency has, or a negative one, is refused (`badRequest`, field `stake` unless named)
 * rather than silently rounded.
 */
export function toMinor(amount: number, currency: string, field = 'stake'): number {
  const minor = toMinorUnits(amount, currencyDigits(currency));
  if (minor === undefined) reject('badRequest', { field });
  return minor;
}

/** Integer minor units -> major units as a JSON number (1250 -> 12.5), exact to the digit. */
export function toMajor(minor: number, currency: string): number {
  return fromMinorUnits(minor, currencyDigits(currency));
}
