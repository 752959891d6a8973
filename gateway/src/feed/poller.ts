/**
 * One poll loop per topic: a chain of tasks on the node's one scheduler (scheduler.ts) at a fixed rate (the next poll starts one interval
 * after the previous one started, never before it ended, so polls of a topic never overlap). Each
 * reply is validated and normalized by protocol and published to the topic's history. While the
 * upstream fails, polls back off (jittered, capped), except one prober per upstream call that keeps
 * the interval, and the first success after failures wakes the rest (recovery.ts); with no good
 * reply for more than two intervals the topic is marked stale, and the first good reply clears it.
 */
import {
  ClockToleranceMs,
  createMarketNormalizer,
  emptyMarketModel,
  emptyRadarModel,
  isOddsTopic,
  type MarketNormalizer,
  MatchType,
  type Model,
  normalizeMarket,
  normalizeMenu,
  type OddsTopicCall,
  parseListReply,
  parseMarketData,
  parseMenuData,
  parseRadarReply,
  parseRoomReplies,
  parseRoomsReply,
  type Result,
  type Topic,
  type TopicCall,
  topicCall,
  topicCallPath,
  topicCalls,
} from '@sportsbook/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Counter } from 'prom-client';
import type { UpstreamClient, UpstreamReply } from '../plugins/upstream.ts';
import type { Recorder } from '../record/writer.ts';
import type { Recoverable, Recovery } from './recovery.ts';
import { createReplyParser, type ReplyParser, type SecondsPatch } from './replyRows.ts';
import { type Scheduler, sharedScheduler, type Task } from './scheduler.ts';
import type { TopicWriter } from './topic.ts';

export interface PollerOptions {
  name: string;
  topic: Topic;
  intervalMs: number;
  timeoutMs: number;
  maxBackoffMs: number;
  upstream: Pick<UpstreamClient, 'post'>;
  writer: TopicWriter;
  log: FastifyBaseLogger;
  polls: Counter<'topic_kind' | 'outcome'>;
  /** RECORD_DIR: every reply the upstream gave, as received (RECORDING.md). */
  recorder?: Pick<Recorder, 'record'> | null;
  /** The node's recovery group (one prober per call while failing, wake-up on recovery). */
  recovery?: Recovery | null;
  now?: () => number;
  random?: () => number;
  /** The node's one timer for every topic (scheduler.ts); the process's shared one when absent. */
  scheduler?: Scheduler;
}

type PollOutcome = Result<Model>;

/**
 * Turns an upstream reply into the topic's model, or says why it cannot. A `room/<id>` poll has two
 * replies: roominfo's (`body`) and roomrank's (`second`). A market topic's poller passes its
 * `normalizer` (createMarketNormalizer): rows equal to the last good reply's are not validated or
 * rebuilt again (the same model as without it).
 */
export function modelFromReply(
  topic: Topic,
  httpStatus: number,
  body: unknown,
  second?: unknown,
  normalizer?: MarketNormalizer,
): PollOutcome {
  if (typeof body !== 'object' || body === null)
    return { ok: false, error: `HTTP ${httpStatus}: not an object` };
  if (topic.kind === 'rooms' || topic.kind === 'room') {
    const parsed = topic.kind === 'rooms' ? parseRoomsReply(body) : parseRoomReplies(body, second);
    return parsed.ok
      ? { ok: true, value: parsed.value as unknown as Model }
      : { ok: false, error: `HTTP ${httpStatus}: ${parsed.error}` };
  }
  if (topic.kind === 'list') {
    // A shared list: one sessionless feed read, parsed by protocol listFeed.ts.
    const parsed = parseListReply(topic, body);
    return parsed.ok
      ? { ok: true, value: parsed.value as unknown as Model }
      : { ok: false, error: `HTTP ${httpStatus}: ${parsed.error}` };
  }
  const reply = body as { status?: unknown; statusdesc?: unknown; data?: unknown };
  if (topic.kind === 'radar') {
    // A match the upstream no longer shows: the tracker is empty, not an outage.
    if (reply.status !== 1 && reply.statusdesc === 'matchHide') {
      return { ok: true, value: emptyRadarModel() as unknown as Model };
    }
    const parsed = parseRadarReply(body);
    return parsed.ok
      ? { ok: true, value: parsed.value as unknown as Model }
      : { ok: false, error: `HTTP ${httpStatus}: ${parsed.error}` };
  }
  if (reply.status !== 1) {
    // A match that ended or was hidden: the topic's content is now empty, not an outage.
    if (topic.kind === 'match' && reply.statusdesc === 'matchHide') {
      return { ok: true, value: emptyMarketModel() as unknown as Model };
    }
    return { ok: false, error: `status ${String(reply.status)} ${String(reply.statusdesc).slice(0, 64)}` };
  }
  if (topic.kind === 'menu') {
    const parsed = parseMenuData(reply.data);
    if (!parsed.ok) return { ok: false, error: parsed.error };
    return { ok: true, value: normalizeMenu(parsed.value) as unknown as Model };
  }
  if (normalizer !== undefined) {
    const normalized = normalizer.normalize(reply.data);
    if (!normalized.ok) return { ok: false, error: normalized.error };
    return { ok: true, value: normalized.value as unknown as Model };
  }
  const parsed = parseMarketData(reply.data);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return { ok: true, value: normalizeMarket(parsed.value) as unknown as Model };
}

/**
 * Whether a seconds-only match row may be written into the head's model in place at publish time
 * `at`: the match is in `base` with this very liveState array (its entity was built from this
 * row, not copied for a linked child), not a linked child (a parent's children share its array,
 * so they take the new seconds with it, as the slow path's copies would), with a running
 * clock's anchor that the new seconds keep (protocol clock.ts `anchorClock`: within
 * `ClockToleranceMs`), and seconds that v2 already hides (not 0, where its view is the entity
 * itself). The slow path's step then differs from the in-place one only by ops v2 drops.
 */
export function keepsAnchor(base: Model, patch: SecondsPatch, at: number): boolean {
  const key = patch.key;
  // No closure per call: this runs for every running match each poll.
  type Records = Readonly<Record<string, unknown>> | undefined;
  const match = (base.match as Records)?.[key] as { liveState?: unknown } | undefined;
  const clock = (base.clock as Records)?.[key] as { zero?: unknown } | undefined;
  if (match === undefined || clock === undefined || match.liveState !== patch.liveState) return false;
  if ((base.parent as Records)?.[key] !== undefined) return false;
  if (patch.liveState[3] === 0 || typeof clock.zero !== 'number') return false;
  return Math.abs(clock.zero - (at - patch.seconds * 1000)) <= ClockToleranceMs;
}

/**
 * Whether a seconds-only match row's own seconds are in no view of `base` at all, so they may be
 * written into its row in place whatever the clocks do: a linked child (type 3) whose parent is
 * not itself a child shows its parent's liveState in the model (normalizeMarket), a copy that
 * does not hold the row's own liveState array, and no other match's chain of links ends at it.
 * The slow path (the row parsed, its entity rebuilt) gives the same model, so it is no step.
 */
export function hiddenSeconds(base: Model, patch: SecondsPatch): boolean {
  const key = patch.key;
  type Entity = { type?: unknown; liveState?: unknown };
  const match = base.match as Readonly<Record<string, Entity>> | undefined;
  const link = (base.parent as Readonly<Record<string, { parentId?: unknown }>> | undefined)?.[key];
  const child = match?.[key];
  if (child === undefined || link === undefined || child.type !== MatchType.child) return false;
  const parent = match?.[String(link.parentId)];
  if (parent === undefined || parent.type === MatchType.child) return false;
  return child.liveState === parent.liveState && child.liveState !== patch.liveState;
}

/**
 * Delay before the next poll of a healthy topic: one interval after this poll was *due*, not
 * after its timer fired, so a timer held up by a busy event loop (a large broadcast to thousands
 * of sockets) does not stretch every later interval. A poll that ends past the next due time is
 * followed at once, with no catch-up burst (the next one is due from then).
 */
export function nextPollDelay(due: number, started: number, end: number, intervalMs: number): number {
  return Math.max(0, Math.min(started, due) + intervalMs - end);
}

export class Poller implements Recoverable {
  /** The next poll and the stale deadline: tasks of the node's one scheduler, not timers of their own. */
  private readonly timer: Task;
  private readonly staleTimer: Task;
  private readonly scheduler: Scheduler;
  private running = false;
  private inFlight: AbortController | undefined;
  private lastStart = Number.NEGATIVE_INFINITY;
  /** When the poll now scheduled (or running) was due: the fixed rate is kept from due times. */
  private due = 0;
  private lastSuccess: number;
  /** When polling last (re)started: a poller that was stopped is not failing, its stale clock starts here. */
  private runningSince: number;
  private failures = 0;
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly path: string;
  private readonly body: unknown;
  private readonly call: TopicCall;
  /** A room topic's second call (roomrank), made after the first in the same poll. */
  private readonly second: TopicCall | undefined;
  /** The call of an odds feed topic (recorded), undefined for the room topics. */
  private readonly oddsCall: OddsTopicCall | undefined;
  /** The last usable reply and its model: a byte-identical reply reuses the model (no parse, normalize or diff). */
  private lastReply: UpstreamReply | undefined;
  private lastModel: Model | undefined;
  /** Reuses the entities of unchanged rows from one reply to the next (market topics). */
  private readonly normalizer = createMarketNormalizer();
  /** Market topics: parses only the rows whose bytes changed since the last reply (replyRows.ts). */
  private readonly parse: ((bytes: Buffer) => unknown) | undefined;
  private readonly parser: ReplyParser | undefined;
  readonly recoveryKey: string;
  /** Seconds-only rows of linked children written in place, unparsed (`hiddenSeconds`; tests). */
  hiddenInPlace = 0;

  constructor(private readonly options: PollerOptions) {
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
    const [call, second] = topicCalls(options.topic) as [TopicCall, TopicCall | undefined];
    this.path = topicCallPath(call);
    this.body = call.body;
    this.call = call;
    this.second = second;
    this.oddsCall = isOddsTopic(options.topic) ? topicCall(options.topic) : undefined;
    this.recoveryKey = call.call;
    if (options.topic.kind === 'odds' || options.topic.kind === 'match') {
      const parser = createReplyParser({ seconds: true });
      this.parser = parser;
      this.parse = (bytes) => parser.parse(bytes);
    }
    this.lastSuccess = this.now();
    this.runningSince = this.lastSuccess;
    this.scheduler = options.scheduler ?? sharedScheduler();
    this.timer = this.scheduler.task(() => void this.poll());
    this.staleTimer = this.scheduler.task(() => {
      if (this.running) this.options.writer.setStale(true, this.now());
    });
  }

  get intervalMs(): number {
    return this.options.intervalMs;
  }

  /** Recovery: a backed-off poll is brought forward to `delayMs` from now (never pushed back). */
  wake(delayMs: number): void {
    if (!this.running || this.inFlight !== undefined || this.failures === 0) return;
    if (this.timer.armed && this.now() + delayMs >= this.due) return;
    this.schedule(delayMs);
  }

  get active(): boolean {
    return this.running;
  }

  /** Starts (or keeps) polling; the first poll waits until one interval after the last started. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.runningSince = this.now();
    if (this.inFlight === undefined)
      this.schedule(Math.max(0, this.lastStart + this.options.intervalMs - this.now()));
    this.armStale();
  }

  /** Stops after the poll in flight (its result is still published); `abort` cancels it too. */
  stop(abort = false): void {
    this.running = false;
    this.scheduler.cancel(this.timer);
    this.scheduler.cancel(this.staleTimer);
    if (abort) this.inFlight?.abort();
    this.options.recovery?.left(this);
  }

  private schedule(delayMs: number): void {
    this.due = this.now() + delayMs;
    this.scheduler.after(this.timer, delayMs);
  }

  /**
   * No good reply for more than two intervals (including a poll that hangs): stale. Counted from
   * the last good reply, or from the restart of a poller that was stopped (nobody watched its topic
   * for a while): a topic watched again is not failing, and was flagged stale at once, before its
   * first poll could answer (every page change back to a board within `topicIdleMs` locked betting
   * for a poll's round trip).
   */
  private armStale(): void {
    const since = Math.max(this.lastSuccess, this.runningSince);
    const due = since + 2 * this.options.intervalMs + this.options.intervalMs / 2 - this.now();
    this.scheduler.after(this.staleTimer, Math.max(0, due));
  }

  private async poll(): Promise<void> {
    if (!this.running) return;
    const started = this.now();
    this.lastStart = started;
    const controller = new AbortController();
    this.inFlight = controller;
    let outcome: PollOutcome;
    let label = 'ok';
    /** When seconds-only rows were judged: the publish time they were judged at. */
    let at: number | undefined;
    let moved = false;
    try {
      const res = await this.options.upstream.post(this.path, this.body, {
        timeoutMs: this.options.timeoutMs,
        signal: controller.signal,
        ...(this.lastReply ? { previous: this.lastReply } : {}),
        ...(this.parse ? { parse: this.parse } : {}),
      });
      // Seconds-only match rows (replyRows.ts): taken in place where the head allows it, parsed
      // otherwise, before anyone reads the reply.
      const patches = this.parser?.take() ?? [];
      let inPlace: SecondsPatch[] = [];
      if (patches.length > 0) {
        at = this.now();
        const base = this.options.recorder ? undefined : this.options.writer.inPlaceBase?.();
        for (const patch of patches) {
          if (base !== undefined && hiddenSeconds(base, patch)) {
            // Shown nowhere: written now (before the recorder or the normalizer reads the row).
            patch.apply();
            this.hiddenInPlace++;
          } else if (base !== undefined && keepsAnchor(base, patch, at)) inPlace.push(patch);
          else patch.reparse();
        }
      }
      // RECORD_DIR keeps the odds feed's calls (the room topics are not replayed).
      if (this.oddsCall !== undefined) {
        this.options.recorder?.record({
          t: this.now(),
          call: this.oddsCall.call,
          params: this.oddsCall.body as Record<string, unknown>,
          body: res.body,
        });
      }
      const second =
        this.second === undefined
          ? undefined
          : await this.options.upstream.post(topicCallPath(this.second), this.second.body, {
              timeoutMs: this.options.timeoutMs,
              signal: controller.signal,
            });
      // The same bytes as the last usable reply (the client then returns that reply object; a
      // text reply is also compared): the same model object, which the writer's diff skips by
      // identity (an empty delta; the cluster's writer still marks the poll).
      const same =
        second === undefined &&
        this.lastModel !== undefined &&
        this.lastReply !== undefined &&
        (res === this.lastReply || (res.text !== undefined && res.text === this.lastReply.text));
      outcome = same
        ? { ok: true, value: this.lastModel as Model }
        : modelFromReply(this.options.topic, res.httpStatus, res.body, second?.body, this.normalizer);
      if (outcome.ok) {
        // The model holds the head's entities for those rows: the new seconds go into them now.
        for (const patch of inPlace) patch.apply();
        const reusable = (res.text !== undefined || res.bytes !== undefined) && second === undefined;
        this.lastReply = reusable ? res : undefined;
        this.lastModel = reusable ? outcome.value : undefined;
      } else {
        for (const patch of inPlace) patch.reparse();
        inPlace = [];
        label = 'rejected';
      }
      moved = inPlace.length > 0;
    } catch (err) {
      const kind = (err as { kind?: string }).kind;
      label = typeof kind === 'string' ? kind : 'error';
      outcome = { ok: false, error: (err as Error).message };
    } finally {
      this.inFlight = undefined;
    }
    this.options.polls.inc({ topic_kind: this.options.topic.kind, outcome: label });
    const end = at ?? this.now();
    if (outcome.ok) {
      const recovered = this.failures > 0;
      this.failures = 0;
      this.options.recovery?.succeeded(this, recovered);
      this.lastSuccess = end;
      this.options.writer.publish(outcome.value, end, moved);
      this.options.writer.setStale(false, end);
      if (this.running) this.armStale();
    } else {
      this.failures += 1;
      this.options.log.warn(
        { topic: this.options.name, reason: outcome.error, failures: this.failures },
        'upstream poll failed',
      );
    }
    if (!this.running) return;
    if (this.failures === 0) {
      // Measured after publishing: the broadcast to every subscriber ran inside publish().
      this.schedule(nextPollDelay(this.due, started, this.now(), this.options.intervalMs));
    } else {
      // Exponential backoff with jitter (0.75x-1.25x) so many failing topics do not poll in step.
      const base = Math.min(
        this.options.intervalMs * 2 ** Math.min(this.failures - 1, 10),
        this.options.maxBackoffMs,
      );
      const backoff = Math.max(0, started + base * (0.75 + this.random() / 2) - end);
      const onSchedule = Math.max(0, started + this.options.intervalMs - end);
      this.schedule(
        this.options.recovery ? this.options.recovery.failed(this, backoff, onSchedule) : backoff,
      );
    }
  }
}
