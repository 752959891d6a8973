/**
 * Settlement at match end: each open bet's legs on the match get their outcome from protocol's
 * rules; a bet whose legs are all decided is paid. Waiting bets on an ended match are rejected.
 * A cancelled match (status 2) voids its legs: a single is voided (stake released), a parlay leg
 * counts 1. Idempotent: a bet is settled once, whatever replays the match end.
 */
import {
  type LegOutcome,
  myanmarHandicapPercent,
  myanmarOverUnderPercent,
  myanmarParlayReturn,
  myanmarReturn,
  parlayReturn,
  settleSelection,
  singleReturn,
} from '@sportsbook/protocol';
import type { Log as Logger } from '../log.ts';
import type { MatchEnd } from '../world/types.ts';
import type { Bets } from './bets.ts';
import { betProduct } from './statements.ts';
import type { Store } from './store.ts';
import type { Account, Bet, BetLeg, BetStatus } from './types.ts';
import type { WalletEngine } from './wallet.ts';

export class Settlement {
  settledCount = 0;

  constructor(
    private readonly store: Store,
    private readonly wallet: WalletEngine,
    private readonly bets: Bets,
    private readonly myanmarCommission: number,
    private readonly log: Logger,
  ) {}

  onMatchEnd(end: MatchEnd): void {
    const ids = [...(this.store.openByMatch.get(end.matchId) ?? [])];
    for (const id of ids) {
      const bet = this.store.bets.get(id);
      if (!bet) continue;
      try {
        if (bet.status === 'waiting') this.bets.rejectWaiting(bet, 'matchEnded', end.endedAt);
        else if (bet.status === 'running') this.settleLegs(bet, end);
      } catch (err) {
        this.log.error({ err, betId: id, matchId: end.matchId }, 'settlement failed');
      }
    }
  }

  /** A leg's outcome at its match's end (also the tournament's points bets). */
  legResult(leg: BetLeg, end: MatchEnd): { outcome: LegOutcome; percent: number | null } {
    if (end.status === 2 || end.score.cancelled)
      return { outcome: 'void', percent: leg.body !== null ? 0 : null };
    const score = end.score;
    if (leg.body !== null) {
      const giver = leg.betType === 'MOU' ? 'O' : leg.labels?.[0] === 'A' ? 'A' : 'H';
      const percent =
        leg.betType === 'MOU'
          ? myanmarOverUnderPercent({
              price: leg.body,
              side: leg.selection === 0 ? 'over' : 'under',
              total: score.home + score.away,
            })
          : myanmarHandicapPercent({
              price: leg.body,
              giver: giver as 'H' | 'A',
              selection: (leg.selection === 0 ? giver : giver === 'H' ? 'A' : 'H') as 'H' | 'A',
              home: score.home,
              away: score.away,
            });
      const outcome: LegOutcome =
        percent === 100
          ? 'won'
          : percent > 0
            ? 'wonHalf'
            : percent === 0
              ? 'draw'
              : percent > -100
                ? 'loseHalf'
                : 'lost';
      return { outcome, percent };
    }
    try {
      const line = typeof leg.line === 'number' ? leg.line : null;
      return {
        outcome: settleSelection({
          betType: leg.betType,
          line,
          selection: leg.selection,
          labels: leg.labels,
          score,
          // Outrights: the world draws only the winner, so its OR markets are win-only (places 1).
          finishing: end.winner !== undefined ? [end.winner] : null,
        }),
        percent: null,
      };
    } catch (err) {
      // A market protocol cannot settle (an unknown bet type, an outright without a winner):
      // void it rather than guess.
      this.log.warn({ err, oddsId: leg.oddsId }, 'leg voided: no settlement rule');
      return { outcome: 'void', percent: null };
    }
  }

  private settleLegs(bet: Bet, end: MatchEnd): void {
    const legs = bet.legs.map((leg) => {
      if (leg.matchId !== end.matchId || leg.outcome !== null) return leg;
      const { outcome, percent } = this.legResult(leg, end);
      return { ...leg, outcome, percent, score: end.score };
    });
    const updated: Bet = { ...bet, legs };
    if (legs.some((leg) => leg.outcome === null)) {
      this.store.saveBet(updated);
      return;
    }
    // Cancelled after kick-off: the match was abandoned (before it: postponed, a plain void).
    const abandoned =
      end.status === 2 && bet.legs.some((leg) => leg.matchId === end.matchId && leg.kickoff < end.endedAt);
    this.finish(updated, end.endedAt, abandoned);
  }

  private finish(bet: Bet, now: number, abandoned = false): void {
    const account = this.store.accounts.get(bet.accountId);
    const outcomes = bet.legs.map((leg) => leg.outcome ?? 'void');
    let returned: number;
    switch (bet.kind) {
      case 'single':
        returned = singleReturn(bet.risk, bet.decimalOdds, outcomes[0] ?? 'void');
        break;
      case 'parlay':
        returned = parlayReturn(
          bet.risk,
          bet.legs.map((leg) => ({ decimal: leg.price, outcome: leg.outcome ?? 'void' })),
        );
        break;
      case 'system':
        returned = (bet.combos ?? []).reduce(
          (sum, combo) =>
            sum +
            parlayReturn(
              bet.unitStake,
              combo.map((i) => ({
                decimal: bet.legs[i]?.price ?? 2,
                outcome: bet.legs[i]?.outcome ?? 'void',
              })),
            ),
          0,
        );
        break;
      case 'mmoSingle':
        returned = myanmarReturn(bet.risk, bet.legs[0]?.percent ?? 0, this.myanmarCommission);
        break;
      case 'mmoParlay':
        returned = myanmarParlayReturn(
          bet.risk,
          bet.legs.map((leg) => leg.percent ?? 0),
          this.myanmarCommission,
        );
        break;
    }
    const allVoid = outcomes.every((o) => o === 'void');
    const status: BetStatus = allVoid
      ? abandoned
        ? 'abandoned'
        : 'void'
      : bet.legs.length === 1
        ? singleStatus(outcomes[0] ?? 'void')
        : ticketStatus(returned, bet.risk);
    const validTurnover = allVoid ? 0 : turnover(status, bet.risk);
    const myanmar = bet.kind === 'mmoSingle' || bet.kind === 'mmoParlay';
    const commission = account && !myanmar ? Math.floor((validTurnover * account.commissionBps) / 10_000) : 0;
    const product = betProduct(bet);
    if (allVoid) this.wallet.release(bet.accountId, bet.risk, bet.betId, now, product);
    else this.wallet.settle(bet.accountId, bet.risk, returned, commission, bet.betId, now, product);
    this.store.saveBet({
      ...bet,
      status,
      returned: allVoid ? bet.risk : returned,
      validTurnover,
      commission,
      settledAt: now,
    });
    this.settledCount++;
  }
}

function singleStatus(outcome: LegOutcome): BetStatus {
  return outcome === 'void' ? 'void' : outcome;
}

/** A parlay ticket's result from what it paid back: lost, lose half (less than the stake), draw, won. */
export function ticketStatus(returned: number, risk: number): BetStatus {
  if (returned === 0) return 'lost';
  if (returned < risk) return 'loseHalf';
  if (returned === risk) return 'draw';
  return 'won';
}

/** Valid turnover: the amount actually at risk of winning or losing (half for half outcomes). */
function turnover(status: BetStatus, risk: number): number {
  switch (status) {
    case 'won':
    case 'lost':
      return risk;
    case 'wonHalf':
    case 'loseHalf':
      return Math.floor(risk / 2);
    default:
      return 0;
  }
}

export type { Account };
