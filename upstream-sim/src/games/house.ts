/**
 * The game providers' back office: provider maintenance, one-use launch tokens, game
 * sessions, and rounds. A round debits its stakes and credits its return through the wallet
 * ledger (entries `gameStake` / `gameWin` with the game's product, ref = round id), in integer
 * minor units, before anything else is kept; the route makes it idempotent per round id
 * (sim.idempotent). Rounds are journaled (record `game`) for the statement calls.
 */
import { randomBytes } from 'node:crypto';
import {
  type Card,
  currencyDigits,
  drawCard,
  type GameBet,
  type GameState,
  playRound,
  type RoundOutcome,
  roundProblem,
  type SettledBet,
} from '@sportsbook/protocol';
import type { Journal, JournalRecord } from '../domain/journal.ts';
import { LimitScale } from '../domain/seed.ts';
import type { Account } from '../domain/types.ts';
import type { WalletEngine } from '../domain/wallet.ts';
import { reject } from '../reply.ts';
import { Rng } from '../world/rng.ts';
import type { CatalogueGame } from './catalogue.ts';

export interface GameRoundRecord {
  roundId: string;
  accountId: string;
  provider: string;
  gameId: string;
  gameName: string;
  category: CatalogueGame['category'];
  product: CatalogueGame['product'];
  currency: string;
  bets: SettledBet[];
  stake: number;
  win: number;
  outcome: RoundOutcome;
  /** Sim time, UTC ms. */
  time: number;
}

export interface GameSession {
  readonly token: string;
  readonly accountId: string;
  /** The member session the game was launched from: the game ends with it. */
  readonly memberToken: string;
  readonly game: CatalogueGame;
  readonly lang: string;
  state: GameState;
}

interface LaunchEntry {
  readonly accountId: string;
  readonly memberToken: string;
  readonly game: CatalogueGame;
  readonly lang: string;
  readonly expiresAt: number;
}

export interface GameHouseOptions {
  /** How long a launch URL may wait to be opened (wall ms, default 5 min). */
  launchTtlMs: number;
  /** Game sessions kept at most (oldest dropped first). */
  maxSessions: number;
}

export const GameHouseDefaults: GameHouseOptions = { launchTtlMs: 5 * 60_000, maxSessions: 10_000 };

const ChipsMyr = [1, 2, 5, 10, 20, 50, 100, 500];
const MaxStakeMyr = 1_000;

/** The page's chip sizes and stake limits in minor units of `currency` (multiples of 5). */
export function stakeLimits(currency: string): { sizes: number[]; min: number; max: number } {
  const unit = 10 ** currencyDigits(currency);
  const scale = LimitScale[currency] ?? 1;
  const toMinor = (myr: number) => Math.max(5, Math.round((myr * scale * unit) / 5) * 5);
  const sizes = ChipsMyr.map(toMinor);
  return { sizes, min: sizes[0] ?? 5, max: toMinor(MaxStakeMyr) };
}

function token(): string {
  return randomBytes(24).toString('base64url');
}

export class GameHouse {
  readonly options: GameHouseOptions;
  private readonly maintenance = new Set<string>();
  private readonly launches = new Map<string, LaunchEntry>();
  private readonly sessions = new Map<string, GameSession>();
  /** Used launch tokens -> their game session, so a reload of the page still finds its game. */
  private readonly opened = new Map<string, GameSession>();
  private readonly rounds = new Map<string, GameRoundRecord[]>();
  private readonly rng: Rng;

  constructor(
    private readonly journal: Journal,
    private readonly wallet: WalletEngine,
    seed: number,
    private readonly wallNow: () => number,
    options: Partial<GameHouseOptions> = {},
  ) {
    this.options = { ...GameHouseDefaults, ...options };
    this.rng = new Rng((seed ^ 0x6a3e5) >>> 0);
    for (const record of journal.replay()) this.apply(record);
  }

  private apply(record: JournalRecord): void {
    if (record.t === 'game') this.put(record.g);
  }

  private put(round: GameRoundRecord): void {
    const list = this.rounds.get(round.accountId) ?? [];
    list.push(round);
    this.rounds.set(round.accountId, list);
  }

  // ---- maintenance (admin) ----------------------------------------------------------------------

  setMaintenance(provider: string, on: boolean): void {
    if (on) this.maintenance.add(provider);
    else this.maintenance.delete(provider);
  }

  inMaintenance(provider: string): boolean {
    return this.maintenance.has(provider);
  }

  maintenanceList(): string[] {
    return [...this.maintenance].sort();
  }

  // ---- launch ------------------------------------------------------------------------------------

  launch(account: Account, memberToken: string, game: CatalogueGame, lang: string): string {
    const now = this.wallNow();
    for (const [t, entry] of this.launches) if (entry.expiresAt <= now) this.launches.delete(t);
    const t = token();
    this.launches.set(t, {
      accountId: account.id,
      memberToken,
      game,
      lang,
      expiresAt: now + this.options.launchTtlMs,
    });
    return t;
  }

  /**
   * The launch behind a token without using it (the page's GET), or undefined. A used token still
   * names its game while its session lives: the page reloads, and goes on with the session it
   * kept (anyone else's page finds the token used and shows the expired notice).
   */
  peek(t: string): { game: CatalogueGame; lang: string } | undefined {
    const entry = this.launches.get(t) ?? this.opened.get(t);
    if (entry === undefined || ('expiresAt' in entry && entry.expiresAt <= this.wallNow())) return undefined;
    return { game: entry.game, lang: entry.lang };
  }

  /** Uses a launch token (once, whatever the outcome) and opens a game session. */
  open(t: string, provider: string): GameSession {
    const entry = this.launches.get(t);
    this.launches.delete(t);
    if (!entry || entry.game.provider !== provider) reject('invalidSession');
    if (entry.expiresAt <= this.wallNow()) reject('session_expired');
    const session: GameSession = {
      token: token(),
      accountId: entry.accountId,
      memberToken: entry.memberToken,
      game: entry.game,
      lang: entry.lang,
      state: entry.game.rules.kind === 'hilo' ? { base: this.card() } : {},
    };
    if (this.sessions.size >= this.options.maxSessions) {
      const oldest = this.sessions.keys().next().value;
      if (oldest !== undefined) this.sessions.delete(oldest);
      const used = this.opened.keys().next().value;
      if (used !== undefined) this.opened.delete(used);
    }
    this.sessions.set(session.token, session);
    this.opened.set(t, session);
    return session;
  }

  /** A hi-lo base card away from the ends, so both bets can win on the first round. */
  private card(): Card {
    for (;;) {
      const card = drawCard(() => this.rng.next());
      if (card.rank > 1 && card.rank < 13) return card;
    }
  }

  session(t: string, provider: string): GameSession {
    const session = this.sessions.get(t);
    if (!session || session.game.provider !== provider) reject('invalidSession');
    return session;
  }

  // ---- rounds ------------------------------------------------------------------------------------

  /**
   * Plays one round: checks the bets, debits the stakes (insufficient_balance: nothing happens),
   * plays, credits the return, journals the round. The caller makes it once per round id.
   */
  play(
    session: GameSession,
    account: Account,
    roundId: string,
    bets: readonly GameBet[],
    now: number,
  ): GameRoundRecord {
    const game = session.game;
    const limits = stakeLimits(account.currency);
    const problem = roundProblem(game.rules, bets, session.state, limits);
    if (problem !== null) reject('badRequest', { field: problem });
    const stake = bets.reduce((sum, b) => sum + b.stake, 0);
    if (stake > this.wallet.balance(account.id).available) reject('insufficient_balance');
    const result = playRound(game.rules, bets, session.state, () => this.rng.next());
    this.wallet.transfer(account.id, 'gameStake', -result.stake, roundId, now, game.product);
    if (result.win > 0) this.wallet.transfer(account.id, 'gameWin', result.win, roundId, now, game.product);
    session.state = result.state;
    const round: GameRoundRecord = {
      roundId,
      accountId: account.id,
      provider: game.provider,
      gameId: game.gameId,
      gameName: game.name,
      category: game.category,
      product: game.product,
      currency: account.currency,
      bets: [...result.bets],
      stake: result.stake,
      win: result.win,
      outcome: result.outcome,
      time: now,
    };
    this.put(round);
    this.journal.append({ t: 'game', g: round });
    return round;
  }

  accountRounds(accountId: string): readonly GameRoundRecord[] {
    return this.rounds.get(accountId) ?? [];
  }
}
