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
}

export function feedTuning(partial: Partial<FeedTuning> | undefined): FeedTuning {
  return {
    nodeId: `gw-${process.pid}`,
    helloTimeoutMs: WireDefaults.helloTimeoutMs,
    maxTopicsPerConnection: WireDefaults.maxTopicsPerConnection,
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
    ...partial,
  };
}
