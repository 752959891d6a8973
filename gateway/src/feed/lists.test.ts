/**
 * The shared lists as topics through the gateway against a real simulator: each
 * `list/...` topic's snapshot is the upstream's list (the same a member's own call answers), the
 * 4D draws move as the simulator's clock runs (hash-checked deltas), a resume on a new connection
 * replays deltas without a snapshot, the feed reads carry no session and /api refuses them, one
 * upstream call per interval however many sockets watch (`simCalls`), and a list served through
 * Redis.
 */
import {
  type LotteryListModel,
  lotteryDrawsOf,
  type Model,
  numberGameDrawsOf,
  parseListReply,
  parseTopic,
  SharedLists,
} from '@sportsbook/protocol';
import { FeedTestClient, login, postJson, type Stack, startStack } from '@sportsbook/testkit';
import { advanceDeltas, gatewayMetric, simCalls, startPair, Watchers } from '@sportsbook/testkit/feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const modelOf = (c: FeedTestClient, topic: string) =>
  c.topics.get(topic)?.model as unknown as Model | undefined;

describe('list/... topics through the gateway', () => {
  let stack: Stack;
  const watchers = new Watchers();
  let session: { accountId: string; token: string };
  const watcher = (topic: string) => watchers.watch(stack.gateway.wsUrl, session, topic);

  beforeAll(async () => {
    stack = await startPair(
      { sessions: { requestsPerSecond: 0 } },
      {
        groupFactors: { live: 1, today: 5, early: 10, menu: 5, match: 1, lists: 2, textLists: 2 },
        feed: { maxSocketsPerSession: 200, maxSocketsPerAccount: 200, maxSocketsPerIp: 400 },
      },
    );
    session = await login(stack.sim.url, 'demo01');
  });
  afterAll(async () => {
    await watchers.closeAll();
    await stack.close();
  });

  it("every list topic's snapshot is the upstream's list, as a member's own call answers it", async () => {
    const member = { account_id: session.accountId, session_token: session.token };
    const topics = [...SharedLists.map((l) => `list/${l}`), 'list/marquee/vi', 'list/announce/en'];
    const c = await FeedTestClient.connect(stack.gateway.wsUrl);
    watchers.track(c);
    await c.hello(session.accountId, session.token);
    for (const topic of topics) await c.sub(topic);
    await c.until(() => topics.every((t) => c.topics.has(t)), 5000, 'every list snapshot');
    // The simulator's clock is manual: nothing moves between the poll and these calls.
    const direct: Record<string, [string, object]> = {
      'list/livetv': ['livetvlist', {}],
      'list/esports': ['esports2live', {}],
      'list/lottery': ['lottery/drawlist', {}],
      'list/numbergame': ['ngdrawlist', {}],
      'list/highlights': ['highlightleague', {}],
      'list/site': ['version', {}],
      'list/marquee/vi': ['marqueelist', { language: 'vi' }],
      'list/announce/en': ['announcelist', { language: 'en', page_size: 100 }],
    };
    for (const topic of topics) {
      const [call, body] = direct[topic] as [string, object];
      const reply = await postJson(`${stack.gateway.url}/api/${call}`, { ...member, ...body });
      expect(reply.json.status, `${call} ${JSON.stringify(reply.json).slice(0, 200)}`).toBe(1);
      const parsed = parseTopic(topic);
      if (!parsed.ok || parsed.value.kind !== 'list') throw new Error(topic);
      const expected = parseListReply(parsed.value, reply.json);
      expect(expected.ok).toBe(true);
      if (expected.ok) expect(modelOf(c, topic), topic).toEqual(expected.value);
    }
    // The shared number-game list holds no member's stake limits.
    expect(JSON.stringify(modelOf(c, 'list/numbergame'))).not.toMatch(/stake/);
    expect(numberGameDrawsOf(modelOf(c, 'list/numbergame') as never)?.table.length).toBeGreaterThan(0);
    expect(c.problems).toEqual([]);
  });

  it('list/lottery moves with the draws (hash-checked deltas) and resumes from a seq without a snapshot', async () => {
    const topic = 'list/lottery';
    const c = await watcher(topic);
    await c.until(() => c.topics.has(topic), 5000, 'lottery snapshot');
    const before = lotteryDrawsOf(modelOf(c, topic) as unknown as LotteryListModel);
    // Ten simulator minutes a step: a draw closes and is drawn, the next one opens.
    await advanceDeltas(stack.sim, c, topic, 3, 600_000);
    const after = lotteryDrawsOf(modelOf(c, topic) as unknown as LotteryListModel);
    expect(after?.now).toBeGreaterThan(before?.now ?? 0);
    expect(after?.recent[0]?.draw_id).not.toBe(before?.recent[0]?.draw_id);
    expect(after?.recent.find((d) => d.status === 'drawn')?.numbers?.starter.length).toBe(10);
    expect(c.problems).toEqual([]);
    const state = c.topics.get(topic);
    if (!state) throw new Error('no state');
    const again = await FeedTestClient.connect(stack.gateway.wsUrl);
    watchers.track(again);
    await again.hello(session.accountId, session.token);
    await again.sub(topic, again.adopt(topic, state));
    await advanceDeltas(stack.sim, again, topic, 1, 600_000);
    expect(again.topics.get(topic)?.snaps).toBe(0);
    expect(again.problems).toEqual([]);
  });

  it('the feed reads carry no session: the simulator answers them, /api refuses them', async () => {
    const sim = await postJson(`${stack.sim.url}/livetvlist`, {});
    expect(sim.json.status).toBe(1);
    const ng = await postJson(`${stack.sim.url}/ngdrawlist`, {});
    expect([ng.json.data.min_stake, ng.json.data.max_stake]).toEqual([0, 0]);
    // Without a session a player's /api call is refused; only the gateway's poller reads sessionless.
    for (const call of ['livetvlist', 'lottery/drawlist', 'ngdrawlist', 'esports2live', 'marqueelist']) {
      const api = await postJson(`${stack.gateway.url}/api/${call}`, {});
      expect(api.json.status, call).not.toBe(1);
    }
    // A session-less body with anything else in it is no feed read: the member rules apply.
    const other = await postJson(`${stack.sim.url}/lottery/betlist`, {});
    expect(other.json.status).not.toBe(1);
  });

  it('one upstream call per interval for a list, with 1 or 100 watchers', async () => {
    const topic = 'list/livetv';
    const first = await watcher(topic);
    await first.until(() => first.topics.has(topic), 5000, 'snapshot');
    const window = async () => {
      const polls0 = await gatewayMetric(stack.gateway, 'gateway_topic_polls_total', 'topic_kind="list"');
      const calls0 = await simCalls(stack.sim, 'livetvlist');
      await new Promise((r) => setTimeout(r, 1000)); // a window of wall time is the thing measured
      const polls =
        (await gatewayMetric(stack.gateway, 'gateway_topic_polls_total', 'topic_kind="list"')) - polls0;
      const calls = (await simCalls(stack.sim, 'livetvlist')) - calls0;
      return { polls, calls };
    };
    const one = await window();
    const more = await Promise.all(Array.from({ length: 99 }, () => watcher(topic)));
    await Promise.all(more.map((c) => c.until(() => c.topics.has(topic), 10_000, 'snapshot')));
    const hundred = await window();
    // 100 ms interval (50 ms x lists factor 2): about ten calls a second, not a thousand.
    expect(one.calls).toBeGreaterThan(0);
    expect(hundred.calls).toBeGreaterThan(0);
    expect(hundred.calls).toBeLessThanOrEqual(one.calls + 4);
    expect(hundred.calls).toBeLessThanOrEqual(hundred.polls + 1);
    for (const c of more) expect(c.problems).toEqual([]);
    await Promise.all(more.map((c) => c.close()));
  });
});

describe('a list topic over Redis (REDIS_URL)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ redis: true, gateway: { pollIntervalMs: 50, warmTopics: [] } });
  });
  afterAll(() => stack.close());

  it('serves list/lottery through the cluster stream', async () => {
    const s = await login(stack.sim.url, 'demo01');
    const topic = 'list/lottery';
    const c = await FeedTestClient.connect(stack.gateway.wsUrl);
    await c.hello(s.accountId, s.token);
    await c.sub(topic);
    await c.until(() => c.topics.has(topic), 5000, 'lottery snapshot');
    await advanceDeltas(stack.sim, c, topic, 2, 600_000);
    expect(lotteryDrawsOf(modelOf(c, topic) as never)?.open.length).toBeGreaterThan(0);
    expect(c.problems).toEqual([]);
    await c.close();
  });
});
