// @vitest-environment node
/**
 * The create wizard's calls for a virtual room (roomsApi with `virtual`), against a real simulator:
 * the leagues and matches are virtual events, create goes through vroomcreate and the room comes
 * back virtual, with its owner joined; without `virtual` the lists are real matches only.
 */
import { isVirtualSport } from '@sportsbook/protocol';
import { requestId, startTestSim } from '@sportsbook/testkit/sim';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../shared/api.ts';
import { roomCalls } from './roomsApi.ts';

describe('roomsApi: virtual rooms', () => {
  let sim: Awaited<ReturnType<typeof startTestSim>>;
  beforeAll(async () => {
    sim = await startTestSim();
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('lists virtual leagues and events, and creates the room with vroomcreate', async () => {
    const auth = await sim.login('demo01');
    const calls = roomCalls(createApiClient({ baseUrl: sim.url }));
    const leagues = await calls.leagues(auth, undefined, true);
    if (!leagues.ok) throw new Error(leagues.error.code);
    expect(leagues.value.length).toBeGreaterThan(0);
    expect(leagues.value.every((l) => isVirtualSport(l.sport_id))).toBe(true);
    const matches = await calls.matches(auth, [], undefined, true);
    if (!matches.ok) throw new Error(matches.error.code);
    expect(matches.value.every((m) => isVirtualSport(m.sport_id))).toBe(true);
    const real = await calls.matches(auth, []);
    if (!real.ok) throw new Error(real.error.code);
    expect(real.value.some((m) => isVirtualSport(m.sport_id))).toBe(false);
    const picked = matches.value.slice(0, 3).map((m) => m.match_id);
    const request = { roomType: 1, rate: 10, limit: 3, pin: '', matchIds: picked, terms: true } as const;
    const room = await calls.create(auth, { ...request, requestId: requestId(), virtual: true });
    if (!room.ok) throw new Error(room.error.code);
    expect(room.value).toMatchObject({ virtual: true, matches: picked, players: 1, joined: true });
    // The same events through roomcreate (a real room) are refused.
    const refused = await calls.create(auth, { ...request, requestId: requestId() });
    expect(refused).toEqual({ ok: false, error: { code: 'createRoomFailed-3' } });
  });
});
