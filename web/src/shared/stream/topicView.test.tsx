// @vitest-environment jsdom
/**
 * `useTopicView`, the one pattern for a page that shows a topic (README "Pages that show a topic"),
 * against the real gateway and simulator: the selected model of `list/lottery` as the page draws it,
 * a draw on the simulator's clock arriving as a new selection without any timer in the page, the
 * stale flag while the upstream fails, the gateway's refusal as `error`, and nothing subscribed
 * for a null topic.
 */
import { type RunningGateway, startGateway } from '@sportsbook/gateway';
import { type LotteryListModel, lotteryDrawsOf } from '@sportsbook/protocol';
import { type RunningSim, startSim } from '@sportsbook/upstream-sim';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createOddsStream, type OddsStream, type WebSocketConstructor } from './oddsStream.ts';
import { StreamProvider, useTopicView } from './react.tsx';

const ADMIN = 'topic-view-admin';

describe('useTopicView against the real gateway and simulator', () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  let stream: OddsStream;
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(StreamProvider, { value: stream }, children);

  beforeAll(async () => {
    // (The testkit's startStack needs a file: URL, which jsdom's module URLs are not.)
    sim = await startSim({ clock: 'manual', adminToken: ADMIN, faultTimeoutMs: 300 });
    gateway = await startGateway({
      upstreamUrl: sim.url,
      webDist: undefined,
      logLevel: 'silent',
      pollIntervalMs: 50,
      heartbeatMs: 250,
      warmTopics: [],
      groupFactors: { live: 1, today: 5, early: 10, menu: 5, match: 1, lists: 4 },
    });
    const login = await fetch(`${sim.url}/authlogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account_id: 'demo01', password: 'demo1234' }),
    });
    const info = ((await login.json()) as { member_profile: { player_info: { session_token: string }[] } })
      .member_profile.player_info[0];
    const credentials = { account_id: 'demo01', session_token: info?.session_token ?? '' };
    stream = createOddsStream({
      url: gateway.wsUrl,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      credentials: () => credentials,
      backoff: { baseMs: 50, maxMs: 400 },
    });
  });
  afterAll(async () => {
    stream?.close();
    await gateway?.close();
    await sim?.close();
  });

  it('gives the selected model, a new selection when a draw is drawn, and stale while the upstream fails', async () => {
    const { result, unmount } = renderHook(
      () => useTopicView<LotteryListModel, ReturnType<typeof lotteryDrawsOf>>('list/lottery', lotteryDrawsOf),
      { wrapper },
    );
    await waitFor(() => expect(result.current.model).not.toBeNull(), { timeout: 10_000 });
    const first = result.current.model;
    expect(first?.open.length).toBeGreaterThan(0);
    // (A poll slower than 2.5 intervals on a busy machine marks the topic stale for a moment.)
    await waitFor(() => expect(result.current).toMatchObject({ stale: false, error: null }), {
      timeout: 10_000,
    });
    expect(typeof result.current.pt).toBe('number');
    const next = first?.open[0]?.draw_id;
    // Ten simulator minutes: the next draw is drawn; the hook's value moves with the pushed delta.
    sim.advance(10 * 60_000);
    await waitFor(() => expect(result.current.model?.recent[0]?.draw_id).toBe(next), { timeout: 10_000 });
    expect(result.current.model?.recent[0]?.numbers?.consolation.length).toBe(10);
    // The upstream failing: the last model stays, marked stale; back to fresh after.
    const fault = (body: object) =>
      fetch(`${sim.url}/admin/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-admin-token': ADMIN },
        body: JSON.stringify(body),
      });
    await fault({ call: 'drawlist', errorRate: 1 });
    await waitFor(() => expect(result.current.stale).toBe(true), { timeout: 10_000 });
    expect(result.current.model?.recent[0]?.draw_id).toBe(next);
    await fault({});
    await waitFor(() => expect(result.current.stale).toBe(false), { timeout: 10_000 });
    unmount();
  });

  it("gives the gateway's refusal as error, and nothing for a null topic", async () => {
    const refused = renderHook(() => useTopicView('list/nope'), { wrapper });
    await waitFor(() => expect(refused.result.current.error).toBe('badTopic'), { timeout: 10_000 });
    expect(refused.result.current.model).toBeNull();
    refused.unmount();
    const none = renderHook(() => useTopicView(null), { wrapper });
    expect(none.result.current).toEqual({ model: null, stale: false, error: null, pt: null });
    none.unmount();
  });
});
