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
  parseStakeInput,
  roundMinor,
  type StakeBounds,
  type StakeInput,
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
 * The typed text read by protocol's one rule for typed amounts (stakeInput.ts parseStakeInput:
 * spaces around ignored, digits of any script, "." decimal point, "," only as a well-formed
 * thousands grouping, no sign or exponent), against `bounds` (minor units) when given.
 */
export function readStake(text: string, currency: string, bounds?: StakeBounds): StakeInput {
  return parseStakeInput(text, currencyDigits(currency), bounds);
}

/**
 * Why the typed text is not an amount of `currency`, or null when it is (empty text is not a
 * problem: the field is still to be filled). `tooManyDecimals` when it has more decimals than the
 * currency's minor digits; more than 12 whole digits is not a number.
 */
export function amountProblem(text: string, currency: string): AmountProblem | null {
  const read = readStake(text, currency);
  if (read.kind === 'notANumber' || read.kind === 'tooManyDecimals') return read.kind;
  if (read.kind !== 'ok') return read.kind === 'empty' ? null : 'notANumber';
  return read.minor >= 10 ** (MaxWholeDigits + currencyDigits(currency)) ? 'notANumber' : null;
}

/** The typed stake in minor units (protocol parseStakeInput: never rounded); null when it is not one. */
export function parseStake(text: string, currency: string): number | null {
  if (amountProblem(text, currency) !== null) return null;
  const read = readStake(text, currency);
  return read.kind === 'ok' ? read.minor : null;
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
