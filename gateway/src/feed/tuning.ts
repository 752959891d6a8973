/**
 * The feed's bounds and timers (gateway/FEED.md). Production uses the defaults; tests shorten the
 * timers through `GatewayConfig.feed`.
 */
import { WireDefaults } from '@sportsbook/protocol';

export interface FeedTuning {
  /** Name sent in `welcome.node`. */
  nodeId: string;
  helloTimeoutMs: number;
  maxTopicsPerConnection: number;
  /** Open sockets (after the welcome) of one session, of one account, on this node (env WS_MAX_SOCKETS_PER_*). */
  maxSocketsPerSession: number;
  maxSocketsPerAccount: number;
  /** Sockets from one client address on this node, counted from the upgrade (before the hello). */
  maxSocketsPerIp: number;
  /** Topics this node holds (watched, warm or idle history); a new one over it is refused (FEED_MAX_TOPICS). */
  maxTopicsPerNode: number;
  /**
   * A `match/<id>` not in any snapshot this node holds is checked with one upstream call, shared by
   * every socket asking: known ids are remembered this long, unknown ones refused this long.
   */
  matchKnownCacheMs: number;
  matchUnknownCacheMs: number;
  /** Those checks, for the whole node: sustained per second and burst (over it: `topicUnavailable`). */
  matchChecksPerSecond: number;
  matchCheckBurst: number;
  /** Each account's own share of those checks, taken first: per second and burst. */
  accountChecksPerSecond: number;
  accountCheckBurst: number;
  /** A socket heard nothing from (no frame, no pong) for this long is pinged (WS_PING_INTERVAL_MS). */
  pingIntervalMs: number;
  /** Pings left unanswered before the socket is terminated (WS_PING_MISSES). */
  pingMissesBeforeClose: number;
  maxClientFrameBytes: number;
  /** Token bucket per connection: sustained frames per second and burst. */
  framesPerSecond: number;
  frameBurst: number;
  /** Frames over the limit (answered `tooManyRequests`) before the socket is closed with 4429. */
  rateExcessBeforeClose: number;
  /** Ring buffer of recent deltas per topic, for resume: at most this many, none older than maxAge. */
  ringMaxCount: number;
  ringMaxAgeMs: number;
  /** A topic nobody watches keeps its history (epoch, seq, snapshot) this long, so resumes work. */
  topicIdleMs: number;
  /** Longest wait between polls of a failing topic (backoff cap). */
  maxBackoffMs: number;
  /** Poll timeout: this many topic intervals, clamped to [minPollTimeoutMs, maxPollTimeoutMs]. */
  pollTimeoutIntervals: number;
  minPollTimeoutMs: number;
  maxPollTimeoutMs: number;
  /** Session check cache: valid results, rejected results. */
  sessionCacheMs: number;
  sessionNegativeCacheMs: number;
  /** Every open connection's session is re-checked this often (one upstream call per session). */
  sessionRecheckMs: number;
  sessionCheckConcurrency: number;
  sessionCheckTimeoutMs: number;
  /** Slow consumers: stop writing deltas over soft, catch up under low, close over hard. */
  sendSoftBytes: number;
  sendLowBytes: number;
  sendHardBytes: number;
  /** A lagging subscriber that has not drained under `sendLowBytes` within this time is closed. */
  slowCloseMs: number;
  /** How often lagging sockets are checked for drain. */
  lagCheckMs: number;
  /** A conflated delta larger than this share of the snapshot is replaced by the snapshot. */
  mergeMaxRatio: number;
  /** Graceful shutdown: sockets that have not finished the close handshake are cut after this. */
  closeGraceMs: number;
  /**
   * Offer permessage-deflate (RFC 7692) to clients that ask for it (env WS_DEFLATE). Off by
   * default: it costs one compression per frame per socket (BENCHMARKS.md, FEED.md "Compression").
   */
  perMessageDeflate: boolean;
  /**
   * The account topic (`account/<id>`, FEED.md "Account topic"): polled every `accountQuickMs`
   * while one of its bets waits for the live decision and for `accountQuickForMs` after a nudge
   * (this account placed a bet, joined a room or cashed out through the proxy; a match of one of
   * its open bets ended), every `accountSlowMs` otherwise.
   */
  accountQuickMs: number;
  accountSlowMs: number;
  accountQuickForMs: number;
  /** Cash-out quotes (`bet/cashoutcheck`) per account poll at most: the newest running bets first. */
  accountCashOutQuotes: number;
  /**
   * Offers are asked again at most this often (quick polls in between reuse them; a bet new to the
   * running list is quoted at once): a waiting bet's 1 s polls do not re-quote every running bet.
   */
  accountCashOutRefreshMs: number;
}

export function feedTuning(partial: Partial<FeedTuning> | undefined): FeedTuning {
  return {
    nodeId: `gw-${process.pid}`,
    helloTimeoutMs: WireDefaults.helloTimeoutMs,
    maxTopicsPerConnection: WireDefaults.maxTopicsPerConnection,
    maxSocketsPerSession: 4,
    maxSocketsPerAccount: 8,
    maxSocketsPerIp: 64,
    maxTopicsPerNode: 2000,
    matchKnownCacheMs: 60_000,
    matchUnknownCacheMs: 30_000,
    matchChecksPerSecond: 10,
    matchCheckBurst: 20,
    accountChecksPerSecond: 1,
    accountCheckBurst: 5,
    pingIntervalMs: 15_000,
    pingMissesBeforeClose: 2,
    maxClientFrameBytes: WireDefaults.maxClientFrameBytes,
    framesPerSecond: 20,
    frameBurst: 40,
    rateExcessBeforeClose: 20,
    ringMaxCount: 600,
    ringMaxAgeMs: 120_000,
    topicIdleMs: 60_000,
    maxBackoffMs: 30_000,
    pollTimeoutIntervals: 3,
    minPollTimeoutMs: 1000,
    maxPollTimeoutMs: 10_000,
    sessionCacheMs: 15_000,
    sessionNegativeCacheMs: 5_000,
    sessionRecheckMs: 45_000,
    sessionCheckConcurrency: 8,
    sessionCheckTimeoutMs: 3000,
    sendSoftBytes: 256 * 1024,
    sendLowBytes: 64 * 1024,
    sendHardBytes: 8 * 1024 * 1024,
    slowCloseMs: 15_000,
    lagCheckMs: 50,
    mergeMaxRatio: 0.5,
    closeGraceMs: 2000,
    perMessageDeflate: false,
    accountQuickMs: 1000,
    accountSlowMs: 30_000,
    accountQuickForMs: 5000,
    accountCashOutQuotes: 20,
    accountCashOutRefreshMs: 5000,
    ...partial,
  };
}
