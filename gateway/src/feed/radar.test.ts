/**
 * The match tracker's topic `radar/<match_id>` through the gateway against a real
 * simulator: snapshot and deltas with hash checks, resume from a seq, the engine's score, the gate
 * (unknown match ids are refused), one `radarlist` poll per interval whoever watches, and the same
 * topic served through Redis.
 */
import { type RadarModel, radarEvents, radarGoals } from '@sportsbook/protocol';
import { FeedTestClient, login, postJson, type Stack, startStack } from '@sportsbook/testkit';
import { advanceDeltas, gatewayMetric, simCalls, startPair, Watchers } from '@sportsbook/testkit/feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelFromReply } from './poller.ts';

async function liveSoccer(simUrl: string): Promise<number> {
  const list = await postJson(`${simUrl}/livematchlist`, { sport_id: 1 });
  const id = (list.json.matches as { match_id: number }[])[0]?.match_id;
  if (id === undefined) throw new Error('no live soccer match');
  return id;
}

const modelOf = (c: FeedTestClient, topic: string) =>
  c.topics.get(topic)?.model as unknown as RadarModel | undefined;

describe('radar/<match_id> through the gateway', () => {
  let stack: Stack;
  const watchers = new Watchers();
  let session: { accountId: string; token: string };
  const watcher = (topic: string) => watchers.watch(stack.gateway.wsUrl, session, topic);

  beforeAll(async () => {
    stack = await startPair(
      { sessions: { requestsPerSecond: 0 } },
      {
        feed: {
          maxSocketsPerSession: 200,
          maxSocketsPerAccount: 200,
          maxSocketsPerIp: 400,
          matchCheckBurst: 50,
          accountCheckBurst: 50,
        },
      },
    );
    session = await login(stack.sim.url, 'demo01');
  });
  afterAll(async () => {
    await watchers.closeAll();
    await stack.close();
  });

  it('streams a match tracker: snapshot, deltas with the engine score, and resume from a seq', async () => {
    const id = await liveSoccer(stack.sim.url);
    const topic = `radar/${id}`;
    const c = await watcher(topic);
    await c.until(() => c.topics.has(topic), 5000, 'radar snapshot');
    expect(modelOf(c, topic)?.match[String(id)]?.tracker).toBe('pitch');
    await advanceDeltas(stack.sim, c, topic, 3, 20_000);
    const model = modelOf(c, topic) as RadarModel;
    const match = model.match[String(id)];
    const score = stack.sim.world.score(id);
    expect([match?.home_score, match?.away_score]).toEqual([score?.home, score?.away]);
    expect(radarGoals(radarEvents(model))).toEqual({ home: score?.home, away: score?.away });
    expect(c.problems).toEqual([]);
    // Resume on a new connection from the seq held: deltas only, no snapshot.
    const state = c.topics.get(topic);
    if (!state) throw new Error('no state');
    const again = await FeedTestClient.connect(stack.gateway.wsUrl);
    watchers.track(again);
    await again.hello(session.accountId, session.token);
    const from = again.adopt(topic, state);
    await again.sub(topic, from);
    await advanceDeltas(stack.sim, again, topic, 1, 20_000);
    expect(again.topics.get(topic)?.snaps).toBe(0);
    expect(again.problems).toEqual([]);
  });

  it('refuses the tracker of a match that does not exist (unknownTopic)', async () => {
    const c = await watcher('radar/987654');
    await c.until(() => c.framesOf('err').length > 0, 5000, 'an err frame');
    expect(c.framesOf('err').map((f) => f.code)).toEqual(['unknownTopic']);
  });

  it('/api: livematchlist and radarlist answer through the proxy, bad bodies with badRequest', async () => {
    const api = (call: string, body: object) => postJson(`${stack.gateway.url}/api/${call}`, body);
    const list = await api('livematchlist', {});
    expect(list.json.status).toBe(1);
    const id = (list.json.matches as { match_id: number }[])[0]?.match_id as number;
    const radar = await api('radarlist', { match_id: id, limit: 5 });
    expect(radar.json.status).toBe(1);
    expect(radar.json.match.match_id).toBe(id);
    expect((await api('radarlist', { match_id: 'nope' })).json.statusdesc).toBe('badRequest');
    expect((await api('radarlist', { match_id: 987654 })).json.statusdesc).toBe('matchHide');
  });

  it('one radarlist poll per interval for a match, with 1 or 100 watchers', async () => {
    const id = await liveSoccer(stack.sim.url);
    const topic = `radar/${id}`;
    const first = await watcher(topic);
    await first.until(() => first.topics.has(topic), 5000, 'snapshot');
    const window = async () => {
      const polls0 = await gatewayMetric(stack.gateway, 'gateway_topic_polls_total', 'topic_kind="radar"');
      const calls0 = await simCalls(stack.sim, 'radarlist');
      await new Promise((r) => setTimeout(r, 600)); // a window of wall time is the thing measured
      const polls =
        (await gatewayMetric(stack.gateway, 'gateway_topic_polls_total', 'topic_kind="radar"')) - polls0;
      const calls = (await simCalls(stack.sim, 'radarlist')) - calls0;
      return { polls, calls };
    };
    const one = await window();
    const more = await Promise.all(Array.from({ length: 99 }, () => watcher(topic)));
    await Promise.all(more.map((c) => c.until(() => c.topics.has(topic), 10_000, 'snapshot')));
    const hundred = await window();
    // Every radar poll is exactly one radarlist call, whoever watches (the topic gate's checks use uxmatch).
    expect(Math.abs(one.calls - one.polls)).toBeLessThanOrEqual(1);
    expect(Math.abs(hundred.calls - hundred.polls)).toBeLessThanOrEqual(1);
    // And 100 watchers poll no more than one: not 100 times as often.
    expect(hundred.calls).toBeGreaterThan(0);
    expect(hundred.calls).toBeLessThanOrEqual(one.calls + 4);
    for (const c of more) expect(c.problems).toEqual([]);
    await Promise.all(more.map((c) => c.close()));
  });
});

describe('radar poll replies', () => {
  it('a gone match is an empty tracker, a bad reply a failed poll', () => {
    const topic = { kind: 'radar', matchId: 5 } as const;
    expect(modelFromReply(topic, 200, { status: 0, statusdesc: 'matchHide' })).toEqual({
      ok: true,
      value: { match: {}, stats: {}, event: {} },
    });
    expect(modelFromReply(topic, 200, { status: 0, statusdesc: 'systemError' }).ok).toBe(false);
    expect(modelFromReply(topic, 200, { status: 1, statusdesc: 'success', match: 1 }).ok).toBe(false);
    expect(modelFromReply(topic, 502, 'down').ok).toBe(false);
  });
});

describe('radar/<match_id> over Redis (REDIS_URL)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ redis: true, gateway: { pollIntervalMs: 50, warmTopics: [] } });
  });
  afterAll(() => stack.close());

  it('serves a match tracker through the cluster stream', async () => {
    const s = await login(stack.sim.url, 'demo01');
    const id = await liveSoccer(stack.sim.url);
    const topic = `radar/${id}`;
    const c = await FeedTestClient.connect(stack.gateway.wsUrl);
    await c.hello(s.accountId, s.token);
    await c.sub(topic);
    await c.until(() => c.topics.has(topic), 5000, 'radar snapshot');
    await advanceDeltas(stack.sim, c, topic, 2, 20_000);
    const model = modelOf(c, topic);
    expect(model?.match[String(id)]?.match_id).toBe(id);
    expect(c.problems).toEqual([]);
    await c.close();
  });
});
