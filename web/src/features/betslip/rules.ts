/**
 * The bet slip's arithmetic and checks, as pure functions over protocol's rules (odds.ts stakeRisk,
 * parlay.ts checkParlay / parlayCombinations, validation.ts validateStake). Money is integer minor
 * units (conversions in shared/money.ts); the text a player types is parsed exactly, never rounded.
 */
import {
  checkParlay,
  combinationSizes,
  convertOddsExact,
  currencyDigits,
  exact,
  Fraction,
  isMyanmarBetType,
  type OddsFormat,
  parlayCombinations,
  roundMinor,
  stakeRisk,
  systemTicketCount,
  validateStake,
} from '@sportsbook/protocol';
import { amountProblem, formatMoney, readStake, toMinor } from '../../shared/money.ts';
import type { Limits, LiveQuote, Selection, SlipAccount, SlipMode } from './types.ts';

/** A pick of a Myanmar row (MHDP/MOU): a body instead of a price, Myanmar calls and limits. */
export function isMyanmarSelection(selection: Pick<Selection, 'betType'>): boolean {
  return isMyanmarBetType(selection.betType);
}

/**
 * The limit that applies (player_bet_limit): Myanmar bets use `mmo`, parlays `parlay`, singles the
 * entry of the sport, else `default`. A betcheck's own limits, when given, win for singles.
 */
export function limitsFor(
  account: SlipAccount,
  mode: SlipMode,
  selections: readonly Selection[],
  checked: Limits | null,
): Limits | null {
  if (mode === 'single' && checked) return checked;
  const myanmar = selections.some(isMyanmarSelection);
  const key = myanmar ? 'mmo' : mode === 'single' ? null : 'parlay';
  const sportId = selections[0]?.sportId;
  const entry =
    key !== null
      ? account.betLimits.find((l) => l.bet_type === key)
      : (account.betLimits.find((l) => String(l.sport_type) === String(sportId) && l.bet_type === 'all') ??
        account.betLimits.find((l) => l.bet_type === 'default'));
  if (!entry) return checked;
  return {
    minBet: toMinor(entry.min_bet, account.currency),
    maxBet: toMinor(entry.max_bet, account.currency),
    maxPayout: toMinor(entry.max_payout, account.currency),
  };
}

export interface SlipFigures {
  /** What leaves the wallet (all tickets of a system parlay). */
  readonly risk: number;
  /** Net win if every pick wins. */
  readonly win: number;
  /** risk + win. */
  readonly payout: number;
  /** Tickets: 1, or the system parlay's combination count. */
  readonly tickets: number;
  /** Amounts the limits are checked on (a system parlay: the unit stake). */
  readonly checked: { readonly risk: number; readonly win: number };
  /** Decimal odds of a mix parlay (product), else null. */
  readonly parlayOdds: number | null;
}

/** Price in the player's format, exact (the stake of negative MY/ID odds is the amount to win). */
export function shownPrice(price: number, format: OddsFormat): Fraction {
  return convertOddsExact(price, 'DEC', format);
}

/** The figures of one ticket that risks the stake for a payout (a parlay, a Myanmar parlay). */
function oneTicket(stake: number, payout: number, parlayOdds: number | null): SlipFigures {
  const win = payout - stake;
  return { risk: stake, win, payout, tickets: 1, checked: { risk: stake, win }, parlayOdds };
}

export function slipFigures(
  mode: SlipMode,
  selections: readonly Selection[],
  stake: number,
  format: OddsFormat,
  sizes: readonly number[] | null,
): SlipFigures | null {
  const n = selections.length;
  if (n === 0 || stake <= 0) return null;
  const myanmar = selections.some(isMyanmarSelection);
  try {
    if (mode === 'single') {
      const sel = selections[0] as Selection;
      if (myanmar) {
        // A Myanmar single wins at most the stake (full win, p = 1).
        return {
          risk: stake,
          win: stake,
          payout: 2 * stake,
          tickets: 1,
          checked: { risk: stake, win: stake },
          parlayOdds: null,
        };
      }
      const { risk, win } = stakeRisk(stake, shownPrice(sel.price, format), format);
      return { risk, win, payout: risk + win, tickets: 1, checked: { risk, win }, parlayOdds: null };
    }
    if (myanmar) return oneTicket(stake, roundMinor(new Fraction(stake).mul(2 ** n)), null);
    if (mode === 'parlay') {
      const odds = selections.reduce((acc, s) => acc.mul(exact(s.price)), new Fraction(1));
      return oneTicket(stake, roundMinor(odds.mul(stake)), Number(odds.valueOf().toFixed(3)));
    }
    const combos = parlayCombinations(n, sizes ?? undefined);
    const risk = stake * combos.length;
    const payout = combos.reduce(
      (sum, combo) =>
        sum +
        roundMinor(combo.reduce((acc, i) => acc.mul(exact(selections[i]?.price ?? 1)), new Fraction(stake))),
      0,
    );
    return {
      risk,
      win: payout - risk,
      payout,
      tickets: combos.length,
      checked: { risk: stake, win: payout - risk },
      parlayOdds: null,
    };
  } catch {
    return null;
  }
}

/** System parlay sizes on offer for n picks (SPEC: over 10 picks only the full size). */
export function systemSizesOffered(n: number): number[] {
  if (n < 2) return [];
  try {
    return combinationSizes(n);
  } catch {
    return [];
  }
}

export function systemTickets(n: number, sizes: readonly number[] | null): number {
  try {
    return systemTicketCount(n, sizes ?? undefined);
  } catch {
    return 0;
  }
}

/** Why the picks cannot make a ticket in this mode (catalogue codes), or null. */
export function selectionProblem(mode: SlipMode, selections: readonly Selection[]): string | null {
  if (selections.length === 0) return 'empty';
  if (mode === 'single') return selections.length === 1 ? null : 'invalidBetType';
  const myanmar = selections.some(isMyanmarSelection);
  if (myanmar && mode === 'system') return 'invalidBetType';
  if (myanmar && !selections.every(isMyanmarSelection)) return 'invalidBetType';
  if (selections.some((s) => !s.parlay)) return 'matchNotAllowBet';
  return checkParlay({
    selections: selections.map((s) => ({ matchId: s.matchId })),
    live: selections.some((s) => s.live),
    myanmar,
  });
}

/** A pick's market cannot take a bet now: `suspended` wins over `stale`. */
export function lockOf(
  quotes: Readonly<Record<string, LiveQuote>>,
  selections: readonly Selection[],
): 'suspended' | 'stale' | null {
  let stale = false;
  for (const s of selections) {
    const q = quotes[s.oddsId];
    if (q?.suspended) return 'suspended';
    if (q?.stale) stale = true;
  }
  return stale ? 'stale' : null;
}

/** The stake's first problem against the limits (betLowerMin, betOverMax, betOverMaxPayout), or null. */
export function stakeProblem(figures: SlipFigures | null, limits: Limits | null): string | null {
  if (figures === null) return 'betLowerMin';
  if (limits === null) return null;
  const errors = validateStake(figures.checked, limits);
  return errors[0]?.code ?? null;
}

/** Moved: the stream's price or line differs from the pick's. */
export function quoteMoved(selection: Selection, quote: LiveQuote): boolean {
  if (quote.suspended || quote.stale) return false;
  return (
    (quote.price !== null && !isMyanmarSelection(selection) && quote.price !== selection.price) ||
    quote.line !== selection.line
  );
}

/** The slip's own stake problems (not catalogue codes): nothing typed, not a number, too many decimals. */
export const StakeInputProblem = {
  required: 'stakeRequired',
  notANumber: 'notANumber',
  tooManyDecimals: 'tooManyDecimals',
} as const;

/**
 * The typed stake's own problem before any limit (protocol parseStakeInput): `stakeRequired` for
 * nothing (or zero) typed, `notANumber` ("abc", "1e3", "0x10", " 1 0 0 "), `tooManyDecimals`;
 * null when it reads as an amount (the limits are checked on the figures, stakeProblem).
 */
export function stakeInputProblem(text: string, currency: string): string | null {
  const read = readStake(text, currency);
  if (read.kind === 'empty' || (read.kind === 'ok' && read.minor === 0)) return StakeInputProblem.required;
  return amountProblem(text, currency);
}

export interface StakeMessage {
  /** data-code of the message: the slip's own problem or the catalogue code. */
  readonly code: string;
  /** `book` namespace key and its values. */
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
}

/**
 * What the slip says about the stake: its own problems as it is typed (not a number, too many
 * decimals), and, once the slip or the upstream refused it (`error`), the limit it broke in the
 * member's currency ("The minimum stake is MMK 2,500."). Null when there is nothing to say, or
 * when the limit is not known (the catalogue's text is shown then).
 */
export function stakeMessage(
  text: string,
  currency: string,
  limits: Limits | null,
  error: string | null,
): StakeMessage | null {
  const problem = amountProblem(text, currency);
  if (problem === 'notANumber') return { code: problem, key: 'slip.stakeNotANumber', params: {} };
  if (problem === 'tooManyDecimals')
    return {
      code: problem,
      key: 'slip.stakeDecimals',
      params: { currency, digits: currencyDigits(currency) },
    };
  if (error === StakeInputProblem.required) return { code: error, key: 'slip.stakeRequired', params: {} };
  if (limits === null) return null;
  const money = (minor: number) => formatMoney(minor, currency);
  if (error === 'betLowerMin')
    return { code: error, key: 'slip.stakeBelowMin', params: { currency, min: money(limits.minBet) } };
  if (error === 'betOverMax')
    return { code: error, key: 'slip.stakeAboveMax', params: { currency, max: money(limits.maxBet) } };
  if (error === 'betOverMaxPayout')
    return { code: error, key: 'slip.payoutAboveMax', params: { currency, max: money(limits.maxPayout) } };
  return null;
}

/** The min and max stake in the member's currency, shown before the player types. */
export function limitsText(limits: Limits, currency: string): { currency: string; min: string; max: string } {
  return { currency, min: formatMoney(limits.minBet, currency), max: formatMoney(limits.maxBet, currency) };
}
