/**
 * The simulator's domain, without HTTP: the world, the clock, accounts, sessions, wallets, bets,
 * settlement, statements, messages, idempotency and persistence. app.ts puts routes in front of it;
 * tests can drive it directly.
 */

import { createHash } from 'node:crypto';
import { canonicalJson, isRecord } from '@sportsbook/protocol';
import { type ClockMode, SimClock } from './clock.ts';
import { Accounts, loginBlockCode } from './domain/accounts.ts';
import { type BetOptions, Bets } from './domain/bets.ts';
import { fileJournal, type Journal, memoryJournal } from './domain/journal.ts';
import { Lottery, type LotteryOptions } from './domain/lottery.ts';
import { greeting, SeedMessages } from './domain/messageTexts.ts';
import { type SessionOptions, Sessions } from './domain/sessions.ts';
import { Settlement } from './domain/settlement.ts';
import { Statements } from './domain/statements.ts';
import { Store } from './domain/store.ts';
import { Tournament, type TournamentOptions } from './domain/tournament.ts';
import type { Account, Message } from './domain/types.ts';
import { WalletEngine } from './domain/wallet.ts';
import { Faults } from './faults.ts';
import { GameHouse, type GameHouseOptions } from './games/house.ts';
import type { Log as Logger } from './log.ts';
import { DefaultSportsOrder } from './menuOrder.ts';
import { SimMetrics } from './metrics.ts';
import { CallError, type Failed, fail, ok, type Reply } from './reply.ts';
import { betView } from './views.ts';
import { NumberGame, type NumberGameOptions } from './virtual/numberGame.ts';
import { withVirtual } from './virtual/world.ts';
import { createWorld, type World, type WorldOptions } from './world/index.ts';

export interface SimOptions {
  /** World knobs; defaults: seed 1, 12 live, 40 today, 60 early, start = now rounded to the minute. */
  world?: Partial<WorldOptions>;
  /** 'real' (default): a timer drives the world; 'manual': only advance() / POST /admin/clock. */
  clock?: ClockMode;
  /** Sim ms per real ms in 'real' mode (default 1). */
  speed?: number;
  /** Real ms between clock ticks in 'real' mode (default 250). */
  tickMs?: number;
  /** Largest sim step between two decisions of waiting bets (default 1000; match world.tickMs). */
  stepMs?: number;
  /** Enables /admin/* (loopback only, header x-admin-token). */
  adminToken?: string;
  /** Persistence directory (journal + world snapshot); in memory when absent. */
  dataDir?: string;
  /** Extra MYR members load01..loadNN (default 20). */
  loadAccounts?: number;
  /** Real-time source for sessions and rate limits (tests inject a fake). Default Date.now. */
  wallNow?: () => number;
  /** Max JSON body in bytes (default 64 KiB). */
  bodyLimit?: number;
  /** How long a fault-injected timeout holds the request before dropping it (default 30 s). */
  faultTimeoutMs?: number;
  sessions?: Partial<SessionOptions>;
  bets?: Partial<BetOptions>;
  /** 4D lottery: schedule (a draw every 10 sim minutes by default), close time, payout table, limits. */
  lottery?: Partial<LotteryOptions>;
  /**
   * Game providers: launch TTL and session cap, and `baseUrl`, the prefix of the game
   * URLs (launch page, thumbnails) as the browser reaches them: default `/api`, the gateway's.
   */
  games?: Partial<GameHouseOptions> & { baseUrl?: string };
  /** The number game: a draw every 2 sim minutes by default, the payout table, stake limits. */
  numberGame?: Partial<NumberGameOptions>;
  /** Tournament rooms: the operator schedule (on by default), operator currency, free-room pool. */
  tournament?: Partial<TournamentOptions>;
  /** SPEC section 7 login signing key: when set, password logins must carry a valid `signature`. */
  loginSigningKey?: string;
  /**
   * SPEC section 9: the sports menu's configured orders, sent in uxmenu's `sports_order` (protocol
   * rows.ts `MenuData`): `default`, and one per currency with its own (`BDT`). Default
   * SimDefaults.sportsOrder; env SIM_SPORTS_ORDER and SIM_SPORTS_ORDER_BDT (config.ts).
   */
  sportsOrder?: Readonly<Record<string, readonly number[]>>;
}

export const SimDefaults = {
  seed: 1,
  liveMatches: 12,
  todayMatches: 40,
  earlyMatches: 60,
  speed: 1,
  tickMs: 250,
  stepMs: 1000,
  loadAccounts: 20,
  /** The operator's sports menu order (SPEC section 9), and BDT's alternate (menuOrder.ts). */
  sportsOrder: DefaultSportsOrder,
  bodyLimit: 64 * 1024,
  faultTimeoutMs: 30_000,
  sessions: {
    sessionTtlMs: 30 * 60_000,
    launchTokenTtlMs: 5 * 60_000,
    loginFailures: 5,
    requestsPerSecond: 50,
  },
  bets: {
    liveDelayMs: { default: 5000 },
    cashOutMargin: 0.05,
    cashOutQuoteTtlMs: 10_000,
    myanmarCommission: 0,
  },
} as const;

interface Persisted {
  options: WorldOptions;
  snapshot: unknown;
}

export class Sim {
  readonly world: World;
  readonly journal: Journal;
  readonly store: Store;
  readonly wallet: WalletEngine;
  readonly accounts: Accounts;
  readonly sessions: Sessions;
  readonly bets: Bets;
  readonly settlement: Settlement;
  readonly statements: Statements;
  readonly lottery: Lottery;
  readonly games: GameHouse;
  readonly numberGame: NumberGame;
  readonly tournament: Tournament;
  private readonly unsubscribeRooms: () => void;
  readonly clock: SimClock;
  readonly faults = new Faults();
  /**
   * The operator's site-wide maintenance switch (`/admin/site`): while on, every
   * call but `version` answers `maintenance` (app.ts), and `version` says so (the gateway's
   * `list/site` topic).
   */
  siteMaintenance = false;
  readonly metrics: SimMetrics;
  readonly wallNow: () => number;
  private readonly inflight = new Map<string, { promise: Promise<Reply>; fingerprint: string }>();
  private readonly unsubscribe: () => void;
  private snapshotTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    readonly options: SimOptions,
    readonly log: Logger,
  ) {
    this.wallNow = options.wallNow ?? Date.now;
    const journal = options.dataDir ? fileJournal(options.dataDir) : memoryJournal();
    // Every journaled change first marks the sim time it happened at, so a restart never puts the
    // world before a recorded change (see catchUp below).
    this.journal = {
      ...journal,
      append: (record) => {
        this.markClock(true);
        journal.append(record);
      },
    };
    const saved = this.journal.loadWorld() as Persisted | undefined;
    const worldOptions: WorldOptions = saved?.options ?? {
      seed: SimDefaults.seed,
      liveMatches: SimDefaults.liveMatches,
      todayMatches: SimDefaults.todayMatches,
      earlyMatches: SimDefaults.earlyMatches,
      startTime: Math.floor(this.wallNow() / 60_000) * 60_000,
      ...options.world,
    };
    // Virtual sports ride on the world: its odds answers, quotes and match ends.
    this.world = withVirtual(createWorld(worldOptions), worldOptions.seed);
    let restored = false;
    if (saved?.snapshot !== undefined) {
      try {
        this.world.restoreState(saved.snapshot);
        restored = true;
      } catch (err) {
        log.warn({ err }, 'world snapshot not restored; starting the evening again');
      }
    }
    this.store = new Store(this.journal);
    this.rememberPlacedBets();
    this.wallet = new WalletEngine(this.store);
    this.accounts = new Accounts(this.store, this.wallet);
    this.accounts.seed(options.loadAccounts ?? SimDefaults.loadAccounts, this.world.now());
    this.sessions = new Sessions({ ...SimDefaults.sessions, ...options.sessions }, this.wallNow);
    const betOptions: BetOptions = {
      ...SimDefaults.bets,
      ...options.bets,
      liveDelayMs: { ...SimDefaults.bets.liveDelayMs, ...options.bets?.liveDelayMs },
    };
    this.bets = new Bets(this.store, this.wallet, this.world, betOptions, log);
    this.settlement = new Settlement(this.store, this.wallet, this.bets, betOptions.myanmarCommission, log);
    this.statements = new Statements(this.store);
    this.numberGame = new NumberGame(
      this.journal,
      this.wallet,
      worldOptions.seed,
      options.numberGame ?? {},
      log,
    );
    this.lottery = new Lottery(this.journal, this.wallet, worldOptions.seed, options.lottery ?? {}, log);
    this.games = new GameHouse(
      this.journal,
      this.wallet,
      worldOptions.seed,
      this.wallNow,
      options.games ?? {},
    );
    this.metrics = new SimMetrics(() => this.bets.waitingCount());
    this.unsubscribe = this.world.onMatchEnd((end) => this.settlement.onMatchEnd(end));
    this.tournament = new Tournament(
      this.journal,
      this.wallet,
      this.world,
      this.bets,
      this.settlement,
      options.tournament ?? {},
      log,
    );
    this.unsubscribeRooms = this.world.onMatchEnd((end) => this.tournament.onMatchEnd(end));
    this.clock = new SimClock(
      this.world,
      {
        mode: options.clock ?? 'real',
        speed: options.speed ?? SimDefaults.speed,
        tickMs: options.tickMs ?? SimDefaults.tickMs,
        stepMs: options.stepMs ?? SimDefaults.stepMs,
      },
      (now) => {
        this.bets.decideWaiting(now);
        this.lottery.onClock(now);
        this.numberGame.onClock(now);
        this.tournament.onClock(now);
        this.markClock(false);
      },
    );
    if (restored) this.catchUp(this.journal.loadClock());
    this.seedMessages();
    if (options.dataDir) {
      // The first snapshot at once: the world's options (seed, start time) must survive a crash
      // in the first seconds, or a restart would build a different evening under the journal.
      if (!restored) this.saveWorld(worldOptions);
      this.snapshotTimer = setInterval(() => this.saveWorld(worldOptions), 5000);
      this.snapshotTimer.unref();
      this.worldOptions = worldOptions;
    }
  }

  private worldOptions: WorldOptions | null = null;
  /** The sim time last written with journal.markClock, and when (real ms). */
  private markedNow = -1;
  private markedAtReal = 0;

  /**
   * Writes the sim time to the clock mark when it moved: always before a journaled change (`force`),
   * otherwise at most every 100 real ms. So after a kill -9, time rewinds by at most that much,
   * and never to before a recorded change.
   */
  private markClock(force: boolean): void {
    if (this.world === undefined) return;
    const now = this.world.now();
    if (now === this.markedNow) return;
    const real = performance.now();
    if (!force && real - this.markedAtReal < 100) return;
    this.markedNow = now;
    this.markedAtReal = real;
    this.journal.markClock(now);
  }

  /**
   * After a crash the world snapshot (written every 5 s) is older than the clock mark: advance
   * the restored world to the mark. The world is deterministic from its snapshot, so it replays
   * the same seconds; bets and settlements already journaled in them are not repeated (settlement
   * and live-bet decisions act only on bets still open).
   */
  private catchUp(mark: number | undefined): void {
    if (mark === undefined || mark <= this.world.now()) return;
    const behind = mark - this.world.now();
    this.log.info({ behindMs: behind }, 'catching the world up to the clock mark');
    this.clock.advance(behind);
  }

  start(): void {
    this.clock.start();
  }

  private saveWorld(options: WorldOptions): void {
    try {
      this.journal.saveWorld({ options, snapshot: this.world.snapshotState() } satisfies Persisted);
    } catch (err) {
      this.log.warn({ err }, 'world snapshot failed');
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.clock.stop();
    if (this.snapshotTimer) clearInterval(this.snapshotTimer);
    if (this.worldOptions) this.saveWorld(this.worldOptions);
    this.markClock(true);
    this.unsubscribe();
    this.unsubscribeRooms();
    this.journal.close();
  }

  /**
   * The session's account, checked: session exists, matches, not expired; the account not closed,
   * blocked, frozen or inactive (their sessions end). Suspended accounts pass (view only).
   */
  authenticate(body: { account_id: string; session_token: string }): { account: Account; token: string } {
    const session = this.sessions.check(body.account_id, body.session_token);
    const account = this.accounts.get(session.accountId);
    const restricted = loginBlockCode(account);
    if (restricted) {
      this.sessions.revokeAccount(account.id);
      throw new CallError(restricted);
    }
    return { account, token: session.token };
  }

  /**
   * Runs a placement once per (account, request_id): a retry gets the first reply, also while the
   * first is still running (it waits for it), and also under another session token of the same
   * account. Replies are journaled, so this holds across restarts. The same request_id with a
   * different request (`fingerprint`: another stake, selection, price or call) is refused with
   * `requestIdReused` and nothing is placed; the first reply stays.
   */
  /**
   * A bet journaled without its idempotency record (the process killed between the two writes): a
   * retry of its request_id must find the bet, not place a second one. Its reply is the bet as it
   * stands; any body of that request_id gets it (the first body's fingerprint is not known).
   */
  private rememberPlacedBets(): void {
    for (const bet of this.store.bets.values()) {
      if (!bet.requestId) continue;
      const key = `${bet.accountId}\u0000${bet.requestId}`;
      if (!this.store.idempotent.has(key))
        this.store.idempotent.set(key, { reply: ok({ data: betView(bet) }), fingerprint: undefined });
    }
  }

  /**
   * Runs `run` once per (account, request id) and answers its reply again for the same body. The
   * reply keeps `run`'s type: a key is only ever used by one call, so what the store holds under
   * it is what that call's `run` returned (or its refusal).
   */
  idempotent<R extends Reply>(
    accountId: string,
    requestId: string,
    fingerprint: string,
    run: () => R,
    /** The code for the key reused with another body (a game round: duplicate_debit_record). */
    reusedCode = 'requestIdReused',
  ): Promise<R | Failed> {
    const key = `${accountId}\u0000${requestId}`;
    const done = this.store.idempotent.get(key);
    if (done) {
      const same = done.fingerprint === undefined || done.fingerprint === fingerprint;
      return Promise.resolve(same ? (done.reply as R | Failed) : fail(reusedCode));
    }
    const running = this.inflight.get(key);
    if (running)
      return running.fingerprint === fingerprint
        ? (running.promise as Promise<R | Failed>)
        : Promise.resolve(fail(reusedCode));
    const promise = Promise.resolve().then(() => {
      let reply: R | Failed;
      try {
        reply = run();
      } catch (err) {
        if (!(err instanceof CallError)) throw err;
        reply = fail(err.code, err.extra);
      }
      this.store.saveIdempotent(key, reply, fingerprint);
      return reply;
    });
    this.inflight.set(key, { promise, fingerprint });
    const forget = () => this.inflight.delete(key);
    promise.then(forget, forget);
    return promise;
  }

  addMessage(
    accountId: string | null,
    kind: Message['kind'],
    title: string,
    body: string,
    texts?: Message['texts'],
  ): Message {
    const message: Message = {
      id: this.store.messageSeq + 1,
      accountId,
      kind,
      title,
      body,
      ...(texts ? { texts } : {}),
      time: this.world.now(),
      read: false,
    };
    this.store.addMessage(message);
    return message;
  }

  private seedMessages(): void {
    if (this.store.messages.length > 0) return;
    for (const m of SeedMessages) this.addMessage(null, m.kind, m.title, m.body, m.texts);
    for (const account of this.store.accounts.values()) {
      if (account.role !== 'member') continue;
      const hello = greeting(account.id);
      this.addMessage(account.id, 'personal', hello.title, hello.body, hello.texts);
    }
  }
}

/**
 * What a placement asks, independent of the session: the call and the body without
 * `session_token` and `account_id` (the account is part of the idempotency key), keys sorted.
 */
export function requestFingerprint(call: string, body: unknown): string {
  const { session_token: _token, account_id: _account, ...rest } = isRecord(body) ? body : {};
  return createHash('sha256')
    .update(`${call}\u0000${canonicalJson(rest)}`)
    .digest('hex')
    .slice(0, 32);
}
