/**
 * One timer for every topic (scheduler.ts): the scheduler's order and re-arming, and a
 * node's pollers, account topics and idle-topic drops holding one Node timer between them, under
 * fake timers. The upstream here is a stand-in that records each call and never answers (these
 * tests are about when polls start, not what they get; the polls themselves are covered against the
 * real simulator in poller.test.ts, feed.test.ts and account.test.ts).
 */
import { parseTopic, type Topic } from '@sportsbook/protocol';
import pino from 'pino';
import { Counter, Gauge } from 'prom-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UpstreamClient } from '../plugins/upstream.ts';
import { Hub, type Subscriber } from './hub.ts';
import { Poller } from './poller.ts';
import { Scheduler } from './scheduler.ts';
import { TopicHistory } from './topic.ts';
import { feedTuning } from './tuning.ts';

const log = pino({ level: 'silent' });
const counter = (name: string) =>
  new Counter({ name, help: name, labelNames: ['topic_kind', 'outcome'], registers: [] });

/** An upstream that records each call and never answers. */
function silentUpstream(): Pick<UpstreamClient, 'post'> & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    post: (path: string) => {
      calls.push(path);
      return new Promise(() => {});
    },
  };
}

function topic(name: string): Topic {
  const parsed = parseTopic(name);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Scheduler', () => {
  it('runs tasks in order of time, then of arming; re-arming moves a task, cancel drops it', () => {
    const s = new Scheduler();
    const ran: string[] = [];
    const task = (name: string) => s.task(() => ran.push(`${name}@${Date.now() - t0}`));
    const t0 = Date.now();
    const [a, b, c, d] = [task('a'), task('b'), task('c'), task('d')];
    s.after(a, 30);
    s.after(b, 10);
    s.after(c, 10);
    s.after(d, 20);
    s.after(a, 5); // re-armed earlier
    s.cancel(d);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(100);
    expect(ran).toEqual(['a@5', 'b@10', 'c@10']);
    expect(s.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs a task that re-arms itself for now on the next turn, not in a loop', () => {
    const s = new Scheduler();
    let runs = 0;
    const t = s.task(() => {
      runs++;
      if (runs < 3) s.after(t, 0);
    });
    s.after(t, 0);
    vi.runOnlyPendingTimers();
    expect(runs).toBe(1);
    vi.runOnlyPendingTimers();
    expect(runs).toBe(2);
    vi.runOnlyPendingTimers();
    expect(runs).toBe(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps running the other due tasks when one throws (its error goes to onError)', () => {
    const errors: unknown[] = [];
    const s = new Scheduler({ onError: (err) => errors.push(err) });
    const ran: string[] = [];
    s.after(
      s.task(() => {
        throw new Error('boom');
      }),
      1,
    );
    s.after(
      s.task(() => ran.push('after')),
      1,
    );
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['after']);
    expect(errors.map((e) => (e as Error).message)).toEqual(['boom']);
  });
});

describe('one timer for every topic of a node', () => {
  it('2,000 pollers (next poll + stale deadline each) hold one Node timer, and each polls when due', () => {
    const scheduler = new Scheduler();
    const upstream = silentUpstream();
    const polls = counter('sched_polls');
    const pollers: Poller[] = [];
    for (let i = 0; i < 2000; i++) {
      const name = `match/${1000 + i}`;
      const p = new Poller({
        name,
        topic: topic(name),
        intervalMs: 1000 + (i % 7) * 100,
        timeoutMs: 3000,
        maxBackoffMs: 30_000,
        upstream,
        writer: new TopicHistory(name, { maxCount: 10, maxAgeMs: 60_000 }),
        log,
        polls,
        scheduler,
      });
      p.start();
      pollers.push(p);
    }
    // Before: a setTimeout for each poll and one for each stale deadline (4,000 timers).
    expect(vi.getTimerCount()).toBe(1);
    expect(scheduler.size).toBe(4000);
    vi.advanceTimersByTime(0);
    expect(upstream.calls.length).toBe(2000);
    expect(vi.getTimerCount()).toBe(1);
    for (const p of pollers) p.stop(true);
    expect(scheduler.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('a hub: account topics and idle-topic drops share it; a topic nobody watches is dropped after its linger', () => {
    const scheduler = new Scheduler();
    const upstream = silentUpstream();
    const tuning = feedTuning({ topicIdleMs: 60_000 });
    const hub = new Hub({
      tuning,
      intervalFor: () => 1000,
      upstream,
      log,
      scheduler,
      metrics: {
        polls: counter('hub_polls'),
        framesSent: new Counter({ name: 'f', help: 'f', registers: [] }),
        bytesSent: new Counter({ name: 'b', help: 'b', registers: [] }),
        conflations: new Counter({ name: 'c', help: 'c', labelNames: ['kind'], registers: [] }),
        slowCloses: new Counter({ name: 's', help: 's', registers: [] }),
        stale: new Gauge({ name: 'st', help: 'st', registers: [] }),
        topics: new Gauge({ name: 't', help: 't', registers: [] }),
      },
    });
    const conn = (accountId: string): Subscriber => ({
      socket: { bufferedAmount: 0, send: () => {} },
      lagging: false,
      laggingSince: 0,
      lastSentAt: 0,
      open: true,
      version: 2,
      subs: new Map(),
      accountId,
      sessionToken: `token-${accountId}`,
      close: () => {},
    });
    const subs = [];
    for (let i = 0; i < 500; i++) {
      const id = `acct${i}`;
      subs.push(hub.subscribe(conn(id), `account/${id}`, topic(`account/${id}`)));
      subs.push(hub.subscribe(conn(id), `match/${2000 + i}`, topic(`match/${2000 + i}`)));
    }
    expect(hub.topics.size).toBe(1000);
    expect(hub.accounts.size).toBe(500);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(0);
    // Every account polls with its own session (its userprofile first), every match once.
    expect(upstream.calls.filter((c) => c === '/userprofile').length).toBe(500);
    expect(upstream.calls.filter((c) => c === '/odds/uxmatch').length).toBe(500);
    for (const sub of subs) hub.unsubscribe(sub);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(tuning.topicIdleMs - 1);
    expect(hub.topics.size).toBe(1000);
    vi.advanceTimersByTime(1);
    // Nobody came back within the linger: every topic and account stream is freed.
    expect(hub.topics.size).toBe(0);
    expect(hub.accounts.size).toBe(0);
    expect(scheduler.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
