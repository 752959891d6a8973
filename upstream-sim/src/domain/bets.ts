/**
 * Bet placement, live-bet waiting, cash-out and the bet lists. The rules (stake risk, parlay sizes,
 * returns, cash-out value) are protocol's; this module applies them to the world's quotes and the
 * member's wallet and limits, and answers with the catalogue's codes.
 */
import {
  cashOutValue,
  checkParlay,
  combinationSizes,
  convertOddsExact,
  currencyDigits,
  exact,
  Fraction,
  formatOdds,
  isMyanmarBetType,
  isMyanmarCurrency,
  legMultiplierExact,
  MarketRefusalCodes,
  marketRefusalCode,
  type OddsFormat,
  parlayCombinations,
  roundMinor,
  stakeRisk,
  tryParseMyanmar,
  validateStake,
} from '@sportsbook/protocol';
import type { Log as Logger } from '../log.ts';
import { reject } from '../reply.ts';
import type { OddsQuote, World } from '../world/types.ts';
import { toMajor, toMinor } from './amounts.ts';
import { betProduct } from './statements.ts';
import type { Store } from './store.ts';
import type { Account, Bet, BetKind, BetLeg, BetLimit } from './types.ts';
import type { WalletEngine } from './wallet.ts';

/**
 * The limits a quote carries right now. A real book moves its stake limits with the market, and
 * answers a stake between the moved limit and the member's configured one with the limit it offers
 * instead (`changeStakeMax` / `changeStakeMin`, SPEC section 8 "stake adjusted"); a stake beyond the
 * configured limit is refused outright (`betOverMax` / `betLowerMin`). The simulator's policy:
 * - in play, each goal (point) scored so far lowers the max stake by a tenth of the configured max,
 *   down to half of it, rounded down to a whole major unit;
 * - in play, past 3/4 of regulation time (`late`), the min stake doubles.
 * betcheck reports these limits, so a slip that checked before the goal holds a stale max.
 */
export function quoteLimits(
  limit: BetLimit,
  quote: Pick<OddsQuote, 'live' | 'goals' | 'late'>,
  currency: string,
): { min_bet: number; max_bet: number } {
  if (!quote.live) return { min_bet: limit.min_bet, max_bet: limit.max_bet };
  const unit = 10 ** currencyDigits(currency);
  const tenths = Math.max(5, 10 - quote.goals);
  const shrunk = Math.floor((limit.max_bet * tenths) / 10 / unit) * unit;
  const max = Math.max(shrunk, Math.min(limit.max_bet, limit.min_bet * 2));
  const min = quote.late ? Math.min(limit.min_bet * 2, max) : limit.min_bet;
  return { min_bet: min, max_bet: max };
}

export interface BetOptions {
  /** Live-bet delay in sim ms per sport id; `default` for the others (5000). */
  liveDelayMs: Record<string, number>;
  /** Cash-out margin, 0..1 (DOMAIN.md "Cash-out"), default 0.05. */
  cashOutMargin: number;
  /** Validity of a cash-out quote in sim ms, default 10000. */
  cashOutQuoteTtlMs: number;
  /** Commission on Myanmar winnings, 0..1, default 0. */
  myanmarCommission: number;
}

const Formats: Record<number, OddsFormat> = { 1: 'MY', 2: 'HK', 3: 'ID', 4: 'DEC' };

export interface PriceFlags {
  accept_better_odds?: boolean | undefined;
  accept_any_odds?: boolean | undefined;
}

export interface LegRequest {
  odds_id: string;
  selection: number;
  price?: number;
  line?: number | string | null | undefined;
  body?: string;
  /** The market the ticket was taken from: in play (true) or pre-match (false); absent: unchecked. */
  live?: boolean | undefined;
  /** The row's label of the selection as quoted (a CS score); absent: unchecked. */
  label?: string | undefined;
}

interface CashOutQuote {
  quoteId: string;
  betId: string;
  value: number;
  expiresAt: number;
}

export class Bets {
  private readonly waiting = new Set<string>();
  private readonly quotes = new Map<string, CashOutQuote>();
  private quoteSeq = 0;

  constructor(
    private readonly store: Store,
    private readonly wallet: WalletEngine,
    private readonly world: World,
    readonly options: BetOptions,
    private readonly log: Logger,
  ) {
    for (const bet of store.bets.values()) if (bet.status === 'waiting') this.waiting.add(bet.betId);
  }

  // ---- quotes --------------------------------------------------------------------------------

  /** A quote that can be bet on now, or the code saying why not. */
  /** Also the tournament's points bets (tournament.ts): the same quote rules. */
  openQuote(oddsId: string): OddsQuote {
    const quote = this.world.quote(oddsId);
    const code = refusalOf(quote);
    if (code !== null || !quote) reject(code ?? 'invalidOdds');
    return quote;
  }

  private limitOf(account: Account, key: string): BetLimit {
    const limit = account.limits[key] ?? account.limits.default;
    if (!limit) reject('betOverLimit');
    return limit;
  }

  private quoteView(account: Account, quote: OddsQuote, selection: number, oddsType: number) {
    const price = quote.prices[selection];
    // An index the row offers no price for: 313 (protocol refusals.ts), not a bad bet type.
    if (price === undefined) reject(MarketRefusalCodes.selectionUnpriced);
    const format = Formats[oddsType] ?? 'MY';
    const limit = this.limitOf(account, String(quote.sportId));
    const now = quoteLimits(limit, quote, account.currency);
    return {
      odds_id: quote.oddsId,
      match_id: quote.matchId,
      sport_id: quote.sportId,
      league_id: quote.leagueId,
      bet_type: quote.betType,
      line: quote.line,
      selection,
      label: quote.labels?.[selection] ?? null,
      price,
      odds_type: oddsType,
      odds: Number(formatOdds(price, format, { from: 'DEC' })),
      live: quote.live,
      parlay: quote.parlay,
      version: quote.version,
      min_bet: now.min_bet,
      max_bet: now.max_bet,
      max_payout: limit.max_payout,
    };
  }

  check(account: Account, oddsId: string, selection: number, oddsType?: number) {
    const quote = this.openQuote(oddsId);
    if (isMyanmarBetType(quote.betType)) reject('invalidBetType');
    return this.quoteView(account, quote, selection, oddsType ?? stakeOddsType(account));
  }

  mmoClick(account: Account, oddsId: string, selection: number) {
    if (!isMyanmarCurrency(account.currency)) reject('invalidCurrency');
    const quote = this.openQuote(oddsId);
    if (!isMyanmarBetType(quote.betType) || selection > 1) reject('invalidBetType');
    const limit = this.limitOf(account, 'mmo');
    return {
      odds_id: quote.oddsId,
      match_id: quote.matchId,
      sport_id: quote.sportId,
      bet_type: quote.betType,
      body: quote.line,
      giver: quote.labels?.[0] ?? null,
      selection,
      live: quote.live,
      parlay: quote.parlay,
      version: quote.version,
      min_bet: limit.min_bet,
      max_bet: limit.max_bet,
      max_payout: limit.max_payout,
    };
  }

  // ---- placement -----------------------------------------------------------------------------

  assertCanBet(account: Account): void {
    if (account.state === 'suspend') reject('suspend');
    if (account.state !== 'active')
      reject(
        account.state === 'close'
          ? 'CLOSE'
          : account.state === 'block'
            ? 'BLOCK'
            : account.state === 'freeze'
              ? 'freeze'
              : 'memberInactive',
      );
  }

  /** The price to take: the quoted one, a better one when accepted, any one when accepted. */
  takePrice(quote: OddsQuote, leg: LegRequest, flags: PriceFlags): number {
    // The ticket's market type changed (pre-match -> in play at kick-off): the slip must go.
    if (leg.live !== undefined && leg.live !== quote.live)
      reject('marketTypeChanged', { odds_id: quote.oddsId, live: quote.live });
    // The row relabelled its indexes (a goal moved a correct-score row): the pick is another bet.
    if (leg.label !== undefined && (quote.labels?.[leg.selection] ?? null) !== leg.label)
      reject('marketTypeChanged', { odds_id: quote.oddsId, label: quote.labels?.[leg.selection] ?? null });
    const current = quote.prices[leg.selection];
    if (current === undefined) reject('invalidBetType');
    const lineMoved = leg.line !== undefined && leg.line !== quote.line;
    if (lineMoved && !flags.accept_any_odds)
      reject('oddsChanged', { odds_id: quote.oddsId, line: quote.line, price: current });
    if (current === leg.price) return current;
    if (flags.accept_any_odds) return current;
    if (flags.accept_better_odds && leg.price !== undefined && current > leg.price) return current;
    reject('oddsChanged', { odds_id: quote.oddsId, line: quote.line, price: current });
  }

  makeLeg(quote: OddsQuote, selection: number, price: number, body: string | null): BetLeg {
    const row = this.world.matchRow(quote.matchId);
    return {
      oddsId: quote.oddsId,
      matchId: quote.matchId,
      sportId: quote.sportId,
      leagueId: quote.leagueId,
      betType: quote.betType,
      line: quote.line,
      selection,
      label: quote.labels?.[selection] ?? null,
      labels: quote.labels,
      price,
      body,
      live: quote.live,
      kickoff: quote.kickoff,
      version: quote.version,
      outcome: null,
      percent: null,
      score: null,
      home: row?.[2] ?? '',
      away: row?.[3] ?? '',
    };
  }

  private openRiskOnMatch(accountId: string, matchId: number): number {
    let sum = 0;
    for (const id of this.store.openByMatch.get(matchId) ?? []) {
      const bet = this.store.bets.get(id);
      if (bet && bet.accountId === accountId && bet.legs.length === 1) sum += bet.risk;
    }
    return sum;
  }

  /**
   * protocol's validateStake, so the client's pre-check and the server agree: min/max on the amount
   * at risk (per ticket for a system parlay), max payout on the net win. The first code answers.
   */
  private checkLimits(limit: BetLimit, unit: number, win: number): void {
    const [first] = validateStake(
      { risk: unit, win },
      { minBet: limit.min_bet, maxBet: limit.max_bet, maxPayout: limit.max_payout },
    );
    if (first) reject(first.code);
  }

  private create(
    account: Account,
    call: string,
    requestId: string,
    kind: BetKind,
    legs: BetLeg[],
    money: {
      stake: number;
      risk: number;
      toWin: number;
      oddsType: number;
      displayOdds: number;
      decimal: string;
    },
    combos: number[][] | null,
    unitStake: number,
  ): Bet {
    const now = this.world.now();
    const live = legs.some((leg) => leg.live);
    const seq = this.store.betSeq + 1;
    const betId = String(100_000_000 + seq);
    const bet: Bet = {
      betId,
      refNo: `SB${betId}`,
      accountId: account.id,
      currency: account.currency,
      kind,
      call,
      virtual: call.startsWith('v'),
      requestId,
      legs,
      stake: money.stake,
      risk: money.risk,
      toWin: money.toWin,
      oddsType: money.oddsType,
      displayOdds: money.displayOdds,
      decimalOdds: money.decimal,
      combos,
      unitStake,
      status: live ? 'waiting' : 'running',
      rejectReason: null,
      placedAt: now,
      decideAt: live ? now + Math.max(...legs.map((leg) => this.delayOf(leg.sportId))) : null,
      acceptedAt: live ? null : now,
      settledAt: null,
      returned: 0,
      validTurnover: 0,
      commission: 0,
      cashOut: null,
    };
    // Freeze first: insufficient_balance leaves no bet behind.
    this.wallet.freeze(account.id, bet.risk, bet.betId, now, betProduct(bet));
    this.store.saveBet(bet);
    if (live) this.waiting.add(bet.betId);
    this.log.info({ betId, accountId: account.id, kind, risk: bet.risk, status: bet.status }, 'bet placed');
    return bet;
  }

  private delayOf(sportId: number): number {
    return this.options.liveDelayMs[String(sportId)] ?? this.options.liveDelayMs.default ?? 5000;
  }

  placeSingle(
    account: Account,
    call: string,
    body: LegRequest &
      PriceFlags & { request_id: string; stake: number; price: number; odds_type?: number | undefined },
  ): Bet {
    this.assertCanBet(account);
    const quote = this.openQuote(body.odds_id);
    if (isMyanmarBetType(quote.betType)) reject('invalidBetType');
    const price = this.takePrice(quote, body, body);
    const oddsType = body.odds_type ?? stakeOddsType(account);
    const format = Formats[oddsType] ?? 'MY';
    const stake = toMinor(body.stake, account.currency);
    const shown = convertOddsExact(price, 'DEC', format);
    const { risk, win } = stakeRisk(stake, shown, format);
    const limit = this.limitOf(account, String(quote.sportId));
    this.checkLimits(limit, risk, win);
    // Within the configured limits but beyond the ones the market carries now: the stake adjusted.
    const moved = quoteLimits(limit, quote, account.currency);
    const offered = {
      min_bet: toMajor(moved.min_bet, account.currency),
      max_bet: toMajor(moved.max_bet, account.currency),
    };
    if (risk > moved.max_bet) reject('changeStakeMax', offered);
    if (risk < moved.min_bet) reject('changeStakeMin', offered);
    if (this.openRiskOnMatch(account.id, quote.matchId) + risk > limit.max_per_match)
      reject('betOverMaxPerMatch');
    const leg = this.makeLeg(quote, body.selection, price, null);
    return this.create(
      account,
      call,
      body.request_id,
      'single',
      [leg],
      {
        stake,
        risk,
        toWin: win,
        oddsType,
        displayOdds: Number(formatOdds(price, format, { from: 'DEC' })),
        decimal: String(price),
      },
      null,
      risk,
    );
  }

  parlayLegs(selections: readonly LegRequest[], flags: PriceFlags, myanmar: boolean): BetLeg[] {
    const quotes = selections.map((s) => {
      const quote = this.world.quote(s.odds_id);
      if (!quote) reject('invalidOdds');
      return quote;
    });
    const code = checkParlay({ selections: quotes, live: quotes.some((q) => q.live), myanmar });
    if (code) reject(code);
    return selections.map((s) => {
      const quote = this.openQuote(s.odds_id);
      // A row not open for parlays: 340 (protocol refusals.ts), SPEC section 8's market code.
      if (!quote.parlay) reject(MarketRefusalCodes.notForParlay, { odds_id: s.odds_id });
      if (myanmar) {
        if (!isMyanmarBetType(quote.betType) || s.selection > 1) reject('invalidBetType');
        this.takeBody(quote, s.body ?? '', flags);
        return this.makeLeg(quote, s.selection, 0, String(quote.line));
      }
      if (isMyanmarBetType(quote.betType)) reject('invalidBetType');
      return this.makeLeg(quote, s.selection, this.takePrice(quote, s, flags), null);
    });
  }

  placeParlay(
    account: Account,
    call: string,
    body: PriceFlags & { request_id: string; stake: number; selections: LegRequest[] },
  ): Bet {
    this.assertCanBet(account);
    const legs = this.parlayLegs(body.selections, body, false);
    const stake = toMinor(body.stake, account.currency);
    const decimal = legs.reduce((acc, leg) => acc.mul(exact(leg.price)), new Fraction(1));
    const payout = roundMinor(decimal.mul(stake));
    this.checkLimits(this.limitOf(account, 'parlay'), stake, payout - stake);
    return this.create(
      account,
      call,
      body.request_id,
      'parlay',
      legs,
      {
        stake,
        risk: stake,
        toWin: payout - stake,
        oddsType: 4,
        displayOdds: Number(decimal.valueOf().toFixed(3)),
        decimal: decimal.toFraction(),
      },
      null,
      stake,
    );
  }

  placeSystem(
    account: Account,
    call: string,
    body: PriceFlags & {
      request_id: string;
      stake: number;
      selections: LegRequest[];
      sizes?: number[] | undefined;
    },
  ): Bet {
    this.assertCanBet(account);
    const legs = this.parlayLegs(body.selections, body, false);
    let combos: number[][];
    try {
      combinationSizes(legs.length, body.sizes);
      combos = parlayCombinations(legs.length, body.sizes);
    } catch {
      reject('badRequest', { field: 'sizes' });
    }
    const unit = toMinor(body.stake, account.currency);
    const risk = unit * combos.length;
    const payout = combos.reduce(
      (sum, combo) =>
        sum + roundMinor(combo.reduce((acc, i) => acc.mul(exact(legs[i]?.price ?? 1)), new Fraction(unit))),
      0,
    );
    this.checkLimits(this.limitOf(account, 'parlay'), unit, payout - risk);
    return this.create(
      account,
      call,
      body.request_id,
      'system',
      legs,
      { stake: risk, risk, toWin: payout - risk, oddsType: 4, displayOdds: 0, decimal: '0' },
      combos,
      unit,
    );
  }

  private takeBody(quote: OddsQuote, body: string, flags: PriceFlags): void {
    const current = String(quote.line);
    if (tryParseMyanmar(body) === null) reject('badRequest', { field: 'body' });
    if (body.trim().toUpperCase() !== current.toUpperCase() && !flags.accept_any_odds) {
      reject('oddsChanged', { odds_id: quote.oddsId, body: current });
    }
  }

  placeMmoSingle(
    account: Account,
    call: string,
    body: PriceFlags & {
      request_id: string;
      stake: number;
      odds_id: string;
      selection: number;
      body: string;
    },
  ): Bet {
    this.assertCanBet(account);
    if (!isMyanmarCurrency(account.currency)) reject('invalidCurrency');
    const quote = this.openQuote(body.odds_id);
    if (!isMyanmarBetType(quote.betType) || body.selection > 1) reject('invalidBetType');
    this.takeBody(quote, body.body, body);
    const stake = toMinor(body.stake, account.currency);
    const limit = this.limitOf(account, 'mmo');
    this.checkLimits(limit, stake, stake);
    if (this.openRiskOnMatch(account.id, quote.matchId) + stake > limit.max_per_match)
      reject('betOverMaxPerMatch');
    const leg = this.makeLeg(quote, body.selection, 0, String(quote.line));
    return this.create(
      account,
      call,
      body.request_id,
      'mmoSingle',
      [leg],
      { stake, risk: stake, toWin: stake, oddsType: 5, displayOdds: 0, decimal: '0' },
      null,
      stake,
    );
  }

  placeMmoParlay(
    account: Account,
    call: string,
    body: PriceFlags & { request_id: string; stake: number; selections: LegRequest[] },
  ): Bet {
    this.assertCanBet(account);
    if (!isMyanmarCurrency(account.currency)) reject('invalidCurrency');
    const legs = this.parlayLegs(body.selections, body, true);
    const stake = toMinor(body.stake, account.currency);
    const payout = stake * 2 ** legs.length;
    this.checkLimits(this.limitOf(account, 'mmo'), stake, Math.min(payout, Number.MAX_SAFE_INTEGER) - stake);
    return this.create(
      account,
      call,
      body.request_id,
      'mmoParlay',
      legs,
      { stake, risk: stake, toWin: payout - stake, oddsType: 5, displayOdds: 0, decimal: '0' },
      null,
      stake,
    );
  }

  // ---- waiting -> running / rejected ---------------------------------------------------------

  /** Why a leg's market no longer matches its placement, or null when it did not move. */
  private moved(leg: BetLeg): string | null {
    const quote = this.world.quote(leg.oddsId);
    const code = refusalOf(quote);
    if (code !== null || !quote) return code ?? 'invalidOdds';
    // Any change of the row since placement (line, prices or status, even if it came back) rejects.
    if (quote.version !== leg.version) return 'oddsChanged';
    return null;
  }

  /** Decides every waiting bet whose delay has passed (called after each clock step). */
  decideWaiting(now: number): void {
    for (const betId of [...this.waiting]) {
      const bet = this.store.bets.get(betId);
      if (bet?.status !== 'waiting') {
        this.waiting.delete(betId);
        continue;
      }
      if ((bet.decideAt ?? 0) > now) continue;
      const reason = bet.legs.map((leg) => this.moved(leg)).find((r) => r !== null) ?? null;
      if (reason === null) this.accept(bet, now);
      else this.rejectWaiting(bet, reason, now);
    }
  }

  private accept(bet: Bet, now: number): void {
    this.waiting.delete(bet.betId);
    this.store.saveBet({ ...bet, status: 'running', acceptedAt: now });
    this.log.info({ betId: bet.betId }, 'live bet accepted');
  }

  rejectWaiting(bet: Bet, reason: string, now: number): void {
    this.waiting.delete(bet.betId);
    this.wallet.release(bet.accountId, bet.risk, bet.betId, now, betProduct(bet));
    this.store.saveBet({ ...bet, status: 'rejected', rejectReason: reason, settledAt: now });
    this.log.info({ betId: bet.betId, reason }, 'live bet rejected');
  }

  waitingCount(): number {
    return this.waiting.size;
  }

  // ---- cash-out ------------------------------------------------------------------------------

  /** Current cash-out value in minor units, or the code saying why there is none. */
  cashOutValueOf(bet: Bet): number {
    if (bet.status !== 'running') reject('cashoutUnavailable');
    if (bet.kind !== 'single' && bet.kind !== 'parlay') reject('cashoutUnavailable');
    const placed: Fraction[] = [];
    const current: Fraction[] = [];
    for (const leg of bet.legs) {
      if (leg.outcome !== null) {
        if (leg.outcome === 'lost') reject('cashoutUnavailable');
        placed.push(legMultiplierExact(leg.outcome, leg.price));
        current.push(new Fraction(1));
        continue;
      }
      const quote = this.world.quote(leg.oddsId);
      if (quote?.status !== 0 || quote.matchStatus !== 0 || quote.line !== leg.line)
        reject('cashoutUnavailable');
      const now = quote.prices[leg.selection];
      if (now === undefined) reject('cashoutUnavailable');
      placed.push(exact(leg.price));
      current.push(exact(now));
    }
    // Singles on negative MY/ID odds risk more than the stake entered: value the amount at risk.
    const value = cashOutValue({ stake: bet.risk, placed, current, margin: this.options.cashOutMargin });
    if (value <= 0) reject('cashoutUnavailable');
    return value;
  }

  cashOutCheck(account: Account, betId: string): CashOutQuote {
    const bet = this.ownBet(account, betId);
    const value = this.cashOutValueOf(bet);
    const quote: CashOutQuote = {
      quoteId: `Q${++this.quoteSeq}`,
      betId: bet.betId,
      value,
      expiresAt: this.world.now() + this.options.cashOutQuoteTtlMs,
    };
    this.quotes.set(quote.quoteId, quote);
    if (this.quotes.size > 10_000) {
      const now = this.world.now();
      for (const [id, q] of this.quotes) if (q.expiresAt < now) this.quotes.delete(id);
    }
    return quote;
  }

  cashOut(account: Account, betId: string, quoteId: string, acceptAnyValue: boolean): Bet {
    this.assertCanBet(account);
    const bet = this.ownBet(account, betId);
    const quote = this.quotes.get(quoteId);
    if (!quote || quote.betId !== bet.betId) reject('cashoutExpired');
    const now = this.world.now();
    if (now > quote.expiresAt) {
      this.quotes.delete(quoteId);
      reject('cashoutExpired');
    }
    const value = this.cashOutValueOf(bet);
    if (value !== quote.value && !acceptAnyValue) {
      const fresh = this.cashOutCheck(account, betId);
      reject('cashoutPriceChanged', {
        quote_id: fresh.quoteId,
        cashout_value: fresh.value,
        expires_at: fresh.expiresAt,
      });
    }
    this.quotes.delete(quoteId);
    this.wallet.settle(bet.accountId, bet.risk, value, 0, bet.betId, now, betProduct(bet));
    const done: Bet = {
      ...bet,
      status: 'cashedOut',
      returned: value,
      validTurnover: bet.risk,
      settledAt: now,
      cashOut: { value, at: now },
    };
    this.store.saveBet(done);
    this.log.info({ betId: bet.betId, value }, 'bet cashed out');
    return done;
  }

  ownBet(account: Account, betId: string): Bet {
    const bet = this.store.bets.get(betId);
    if (!bet || bet.accountId !== account.id) reject('betNotExists');
    return bet;
  }
}

/** The odds type a member's stake is read in when the body does not say (Myanmar members: MY). */
export function stakeOddsType(account: Account): number {
  return account.oddsType >= 1 && account.oddsType <= 4 ? account.oddsType : 1;
}

/** The catalogue code a row refuses bets with now (protocol's marketRefusalCode), or null. */
function refusalOf(quote: OddsQuote | undefined): string | null {
  return marketRefusalCode(
    quote
      ? { exists: true, matchStatus: quote.matchStatus, marketStatus: quote.status, live: quote.live }
      : { exists: false, matchStatus: 0, marketStatus: 0, live: false },
  );
}
