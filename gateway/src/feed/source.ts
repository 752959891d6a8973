/**
 * Where a topic's history and polling come from: the one interface the hub builds every topic
 * through. In-process (`localSources`, here): a `TopicHistory` written by this node's `Poller`.
 * With Redis (`Cluster.source`, cluster/cluster.ts): a `ClusterTopic`, a replica of the topic's
 * stream plus a lease campaign, polling only while this node leads (gateway/CLUSTER.md).
 */
import type { Topic } from '@sportsbook/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Counter } from 'prom-client';
import type { UpstreamClient } from '../plugins/upstream.ts';
import { Poller, type PollerOptions } from './poller.ts';
import { type RingBounds, TopicHistory, type TopicListener, type TopicLog } from './topic.ts';

export interface TopicSource {
  readonly history: TopicLog & { listener: TopicListener | undefined };
  /** Someone watches (or the topic is warm): poll it (cluster: campaign for its lease). */
  start(): void;
  /** Nobody watches: stop polling; the history stays for resumes. */
  stop(abort?: boolean): void;
  /** The hub dropped the topic: free everything (cluster: stop following the stream). */
  dispose(): void;
  /**
   * A client resumes from a later seq of this epoch than the history holds: read on to the
   * source's end, then call the listener's `onReset` (cluster: the stream, when this node's reader
   * lags). Absent in-process, where nothing can be ahead of the only writer.
   */
  refresh?(): void;
}

export interface TopicSourceOptions {
  name: string;
  topic: Topic;
  intervalMs: number;
  timeoutMs: number;
  listener: TopicListener;
}

export type TopicSourceFactory = (options: TopicSourceOptions) => TopicSource;

/** What every topic of a node shares, whichever the source. */
export interface SharedSourceOptions {
  upstream: Pick<UpstreamClient, 'post'>;
  polls: Counter<'topic_kind' | 'outcome'>;
  recorder?: PollerOptions['recorder'];
  /** The node's recovery group of failing pollers (recovery.ts). */
  recovery?: PollerOptions['recovery'];
  bounds: RingBounds;
  maxBackoffMs: number;
  /** The node's one timer for every topic (scheduler.ts). */
  scheduler?: PollerOptions['scheduler'];
}

/** The in-process source: one history, one poller, this node is the topic's only writer. */
export function localSources(shared: SharedSourceOptions & { log: FastifyBaseLogger }): TopicSourceFactory {
  return (o) => {
    const history = new TopicHistory(o.name, shared.bounds);
    history.listener = o.listener;
    const poller = new Poller({
      name: o.name,
      topic: o.topic,
      intervalMs: o.intervalMs,
      timeoutMs: o.timeoutMs,
      maxBackoffMs: shared.maxBackoffMs,
      upstream: shared.upstream,
      writer: history,
      log: shared.log,
      polls: shared.polls,
      recorder: shared.recorder ?? null,
      recovery: shared.recovery ?? null,
      ...(shared.scheduler ? { scheduler: shared.scheduler } : {}),
    });
    return {
      history,
      start: () => poller.start(),
      stop: (abort) => poller.stop(abort),
      dispose: () => {
        poller.stop(true);
        history.listener = undefined;
      },
    };
  };
}
