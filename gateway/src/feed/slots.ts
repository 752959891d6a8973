/**
 * Spreading many slow polls over their interval. 10,000 account topics polled every 30 s are
 * ~333 polls a second, but topics subscribed together (a reconnect wave, a load test's batch of
 * 200 sockets) would poll together forever after: each poll is one interval after the last, so a
 * batch stays a batch, and its replies arrive in one turn of the event loop. Instead each topic
 * gets a phase in its interval, and its slow polls are due at the times `phase x interval`
 * modulo the interval: topics created together get phases far apart, so their polls are spread
 * evenly over the interval whatever the order they came in.
 */

/** The golden ratio's fractional part: successive multiples of it mod 1 spread evenly (Weyl sequence). */
const Golden = 0.6180339887498949;

/** The phase (0 <= phase < 1) of the `k`th topic: any run of consecutive topics is spread evenly over [0, 1). */
export function phaseOf(k: number): number {
  return (k * Golden) % 1;
}

/**
 * When a slow poll that follows a poll started at `after` is due: the first time at least
 * `minGapMs` after it whose offset in the interval is the topic's `phase`. Once a topic's polls
 * are on their slot they are exactly `intervalMs` apart; the first gap lies in
 * [minGapMs, intervalMs + minGapMs).
 */
export function slotAfter(after: number, phase: number, intervalMs: number, minGapMs: number): number {
  const from = after + Math.min(minGapMs, intervalMs);
  const offset = phase * intervalMs;
  const wait = (((offset - from) % intervalMs) + intervalMs) % intervalMs;
  return from + wait;
}
