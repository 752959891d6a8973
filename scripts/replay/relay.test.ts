/**
 * The gateway's replay relay (gateway/src/replay/plugin.ts) in front of a real replayer: the web's
 * timeline reads the state and the recording's goals at GET /replay and drives the replayer with
 * POST /replay; a gateway that serves no replay has no such routes.
 */
import { type RecordedReply, type RunningGateway, startGateway } from '@sportsbook/gateway';
import { postJson } from '@sportsbook/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReplayUpstream, startReplayUpstream } from './server.ts';

const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);
const market = { sport_id: 1, market_type: 'hdpou', group: 'live' };

/** A minute of one live match that scores at second 20 and at second 45. */
function minuteWithGoals(): RecordedReply[] {
  return Array.from({ length: 60 }, (_, i) => {
    const home = i >= 20 ? 1 : 0;
    const away = i >= 45 ? 1 : 0;
    const match = [7, 101, 'Home FC', 'Away FC', 1, 0, 1, 1, 1, T0, 0, 0, [home, away, 1, 600 + i, 0, 0], ''];
    return {
      t: T0 + i * 1000,
      call: 'uxmarket' as const,
      params: market,
      body: {
        status: 1,
        statusdesc: 'success',
        data: { leagues: [], matches: [match], links: [], heads: [], odds: [] },
      },
    };
  });
}

let replay: ReplayUpstream;
let gateway: RunningGateway;
let plain: RunningGateway;

beforeAll(async () => {
  replay = await startReplayUpstream({
    recording: { files: [], headers: [], entries: minuteWithGoals(), problems: [] },
    paused: true,
    forward: false,
  });
  gateway = await startGateway({ upstreamUrl: replay.url, replayControlUrl: replay.url, logLevel: 'silent' });
  // No web app served (webDist undefined): /replay must 404 however the tree was built.
  plain = await startGateway({ upstreamUrl: replay.url, logLevel: 'silent', webDist: undefined });
});
afterAll(async () => {
  await gateway?.close();
  await plain?.close();
  await replay?.close();
});

describe('GET/POST /replay', () => {
  it('answers the replayer state and a marker per goal', async () => {
    const res = await fetch(`${gateway.url}/replay`);
    expect(res.status).toBe(200);
    const view = (await res.json()) as {
      replay: { start: number; end: number; paused: boolean };
      goals: unknown[];
    };
    expect(view.replay).toMatchObject({ start: T0, end: T0 + 59_000, paused: true });
    expect(view.goals).toEqual([
      { t: T0 + 20_000, matchId: 7, home: 'Home FC', away: 'Away FC', score: '1-0' },
      { t: T0 + 45_000, matchId: 7, home: 'Home FC', away: 'Away FC', score: '1-1' },
    ]);
  });

  it('seeks, plays, pauses and changes speed through the replayer', async () => {
    const seek = await postJson(`${gateway.url}/replay`, { action: 'seek', to: T0 + 45_000 });
    expect(seek.json.replay.position).toBe(T0 + 45_000);
    expect(replay.timeline.state().position).toBe(T0 + 45_000);
    expect((await postJson(`${gateway.url}/replay`, { action: 'speed', speed: 5 })).json.replay.speed).toBe(
      5,
    );
    expect((await postJson(`${gateway.url}/replay`, { action: 'resume' })).json.replay.paused).toBe(false);
    expect((await postJson(`${gateway.url}/replay`, { action: 'pause' })).json.replay.paused).toBe(true);
  });

  it('refuses other commands, foreign pages, and has no routes without a replay', async () => {
    const bad = await postJson(`${gateway.url}/replay`, { action: 'seek', by: -1000 });
    expect([bad.http, bad.json.statusdesc]).toEqual([400, 'badRequest']);
    const foreign = await postJson(
      `${gateway.url}/replay`,
      { action: 'pause' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.json.statusdesc).toBe('NoUserAccessRight');
    expect(replay.timeline.state().paused).toBe(true);
    expect((await fetch(`${plain.url}/replay`)).status).toBe(404);
    expect((await postJson(`${plain.url}/replay`, { action: 'pause' })).http).toBe(404);
  });
});
