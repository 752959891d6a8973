/**
 * Money in the web app, over protocol's rules (money.ts toMinorUnits / fromMinorUnits, constants.ts
 * currencyDigits): amounts are integer minor units everywhere except in request bodies and in the
 * text a player types or reads.
 * - An amount the player typed (a stake) is never rounded: more decimals than the currency has is
 *   refused (`amountProblem` says so, for a clear message).
 * - An amount from a reply (limits, balances, a statement) is the upstream's, in major units: it is
 *   rounded once to minor units (protocol roundMinor), as protocol's money rules say.
 */
import {
  currencyDigits,
  exact,
  formatMinorUnits,
  fromMinorUnits,
  roundMinor,
  toMinorUnits,
} from '@sportsbook/protocol';

/** Integer digits a typed amount may have (a safe integer of minor units with room to spare). */
const MaxWholeDigits = 12;

/** A major-unit amount from a reply to integer minor units, rounded once. */
export function toMinor(major: number, currency: string): number {
  return roundMinor(exact(major).mul(10 ** currencyDigits(currency)));
}

/** Minor units to major units for a request body (the nearest JSON number to the exact amount). */
export function toMajor(minor: number, currency: string): number {
  return fromMinorUnits(minor, currencyDigits(currency));
}

export type AmountProblem = 'notANumber' | 'tooManyDecimals';

/**
 * Why the typed text is not an amount of `currency`, or null when it is (empty text is not a
 * problem: the field is still to be filled). Plain digits with an optional decimal point only (no
 * sign, exponent or grouping); `tooManyDecimals` when it has more decimals than the currency's
 * minor digits.
 */
export function amountProblem(text: string, currency: string): AmountProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const match = /^(\d+)(?:\.\d*)?$/.exec(trimmed);
  if (!match || (match[1] ?? '').length > MaxWholeDigits) return 'notANumber';
  return toMinorUnits(trimmed, currencyDigits(currency)) === undefined ? 'tooManyDecimals' : null;
}

/** The typed stake in minor units (protocol toMinorUnits: never rounded); null when it is not one. */
export function parseStake(text: string, currency: string): number | null {
  if (text.trim() === '' || amountProblem(text, currency) !== null) return null;
  return toMinorUnits(text.trim(), currencyDigits(currency)) ?? null;
}

/** Minor units as the text of a stake field (500 MYR minor units -> "5.00"). */
export function stakeText(minor: number, currency: string): string {
  return formatMinorUnits(minor, currencyDigits(currency));
}

/** Minor units for display, with the currency's digits and grouping ("1,234.50"). */
export function formatMoney(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const whole = Math.floor(abs / 10 ** digits);
  const part = String(abs % 10 ** digits).padStart(digits, '0');
  return `${sign}${whole.toLocaleString('en-US')}${digits > 0 ? `.${part}` : ''}`;
}
