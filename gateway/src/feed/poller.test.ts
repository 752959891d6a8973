import { type MarketData, type Model, normalizeMarket, parseTopic, stateHash } from '@sportsbook/protocol';
import { type RunningSim, startSim } from '@sportsbook/upstream-sim';
import fc from 'fast-check';
import pino from 'pino';
import { Counter } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamClient } from '../plugins/upstream.ts';
import { nextPollDelay, Poller } from './poller.ts';
import { TopicHistory } from './topic.ts';

const LIVE = 'odds/1/hdpou/live';
const BODY = { sport_id: 1, market_type: 'hdpou', group: 'live' };

/**
 * A Poller of the live topic on `upstream` (every 20 ms) into a TopicHistory, keeping every model
 * it publishes; `published(n)` resolves once it has published `n`.
 */
function livePoller(upstream: Pick<UpstreamClient, 'post'>, counter: string, intervalMs = 20) {
  const parsed = parseTopic(LIVE);
  if (!parsed.ok) throw new Error(parsed.error);
  const history = new TopicHistory(LIVE, { maxCount: 10, maxAgeMs: 60_000 });
  const models: Model[] = [];
  const staleCalls: boolean[] = [];
  let waiter: { n: number; resolve: () => void } | undefined;
  const poller = new Poller({
    name: LIVE,
    topic: parsed.value,
    intervalMs,
    timeoutMs: 5000,
    maxBackoffMs: 1000,
    upstream,
    writer: {
      publish: (model, pt) => {
        models.push(model);
        const delta = history.publish(model, pt);
        if (waiter && models.length >= waiter.n) waiter.resolve();
        return delta;
      },
      setStale: (stale, at) => {
        staleCalls.push(stale);
        history.setStale(stale, at);
      },
    },
    log: pino({ level: 'silent' }),
    polls: new Counter({
      name: counter,
      help: 'polls',
      labelNames: ['topic_kind', 'outcome'],
      registers: [],
    }),
  });
  const published = (n: number) =>
    new Promise<void>((resolve) => {
      if (models.length >= n) resolve();
      else waiter = { n, resolve };
    });
  return { poller, history, models, published, staleCalls };
}

describe('byte-identical upstream replies', () => {
  let sim: RunningSim;
  let upstream: UpstreamClient;
  beforeAll(async () => {
    sim = await startSim({ clock: 'manual' });
    upstream = new UpstreamClient(sim.url);
  });
  afterAll(async () => {
    await upstream?.close();
    await sim?.close();
  });

  it('returns the previous reply object, unparsed, when the bytes are the same', async () => {
    const first = await upstream.post('/odds/uxmarket', BODY, { timeoutMs: 5000 });
    expect(typeof first.text).toBe('string');
    const again = await upstream.post('/odds/uxmarket', BODY, { timeoutMs: 5000, previous: first });
    expect(again).toBe(first);
    sim.advance(5000);
    const moved = await upstream.post('/odds/uxmarket', BODY, { timeoutMs: 5000, previous: first });
    expect(moved).not.toBe(first);
    expect(moved.text).not.toBe(first.text);
  });

  it('lets the poller publish the same model object (no normalize, no diff) until the world moves', async () => {
    const { poller, history, models, published } = livePoller(upstream, 'test_polls');
    poller.start();
    await published(3);
    expect(models[1]).toBe(models[0]);
    expect(models[2]).toBe(models[0]);
    expect(history.seq).toBe(0);
    sim.advance(5000);
    const before = models.length;
    await published(before + 2);
    poller.stop(true);
    expect(history.seq).toBe(1);
    expect(models.at(-1)).not.toBe(models[0]);
    // The polled model's collections are held as they are (the head adds the clock anchors).
    const polled = models.at(-1) as Record<string, unknown>;
    for (const coll of Object.keys(polled)) expect(history.model?.[coll]).toBe(polled[coll]);
    expect(history.model?.clock).toBeDefined();
  });
});

describe('a poller started again after a stop', () => {
  it('is not stale before its first poll could answer: the stale clock starts at the restart', async () => {
    const sim = await startSim({ clock: 'manual' });
    const upstream = new UpstreamClient(sim.url);
    try {
      // Stale after 2.5 intervals (500 ms) without a good reply; each reply takes 100 ms.
      const slow: Pick<UpstreamClient, 'post'> = {
        post: async (path, body, options) => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          return upstream.post(path, body, options);
        },
      };
      const { poller, history, published, staleCalls } = livePoller(slow, 'test_polls_restart', 200);
      poller.start();
      await published(1);
      poller.stop();
      // Nobody watched the topic for longer than the stale deadline.
      await new Promise((resolve) => setTimeout(resolve, 800));
      poller.start();
      await published(2);
      poller.stop(true);
      expect(staleCalls.filter((stale) => stale)).toEqual([]);
      expect(history.status.stale).toBe(false);
    } finally {
      await upstream.close();
      await sim.close();
    }
  });
});

describe('market replies read as bytes', () => {
  it('parses only changed rows, yet publishes what a full parse gives, and the hash agrees', async () => {
    const sim = await startSim({ clock: 'manual' });
    const upstream = new UpstreamClient(sim.url);
    try {
      const texts: string[] = [];
      let parsers = 0;
      const { poller, history, models, published } = livePoller(
        {
          post: async (path, body, options) => {
            if (options.parse !== undefined) parsers++;
            const reply = await upstream.post(path, body, options);
            // Market topics read bytes (replyRows.ts): the text is only for the check below.
            expect(reply.text).toBeUndefined();
            texts.push(reply.bytes?.toString('utf8') ?? '');
            return reply;
          },
        },
        'test_polls_bytes',
      );
      poller.start();
      // Every step: the clocks run and prices move (the simulator's 5 s), then a poll.
      for (let step = 1; step <= 6; step++) {
        await published(step);
        sim.advance(5000);
      }
      await published(7);
      poller.stop(true);
      expect(parsers).toBeGreaterThan(0);
      expect(history.seq).toBeGreaterThan(3);
      // One reply, one published model (every poll succeeded).
      expect(texts.length).toBeGreaterThanOrEqual(models.length);
      models.forEach((model, i) => {
        const full = normalizeMarket((JSON.parse(texts[i] as string) as { data: MarketData }).data);
        expect(model).toEqual(full);
      });
      // The incremental hash over declared diffs is the hash of the whole state.
      expect(history.hash).toBe(stateHash(history.model as Model));
    } finally {
      await upstream.close();
      await sim.close();
    }
  });
});

describe('poll rhythm', () => {
  it('keeps one poll per interval from the due times when timers fire late', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 5000 }),
        // Per poll: how late its timer fired and how long it took, both under one interval.
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 0.45, noNaN: true }),
            fc.double({ min: 0, max: 0.45, noNaN: true }),
          ),
          {
            minLength: 1,
            maxLength: 50,
          },
        ),
        (interval, polls) => {
          let due = 0;
          for (const [late, took] of polls) {
            const started = due + late * interval;
            const end = started + took * interval;
            const delay = nextPollDelay(due, started, end, interval);
            expect(delay).toBeGreaterThanOrEqual(0);
            // The next poll is due exactly one interval after this one was, however late it ran.
            expect(end + delay).toBeCloseTo(due + interval, 6);
            due = end + delay;
          }
          expect(due).toBeCloseTo(polls.length * interval, 4);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('polls at once, without a catch-up burst, after a poll that ran past the next due time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10, max: 5000 }),
        fc.double({ min: 1, max: 10, noNaN: true }),
        (interval, over) => {
          const end = over * interval;
          expect(nextPollDelay(0, 0, end, interval)).toBe(0);
          // The poll after it is due one interval after it started, not back on the old grid.
          expect(nextPollDelay(end, end, end + 1, interval)).toBeCloseTo(interval - 1, 6);
        },
      ),
      { numRuns: 300 },
    );
  });
});
