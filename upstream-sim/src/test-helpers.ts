// biome-ignore-all lint/suspicious/noExplicitAny: tests read reply JSON loosely; the schemas are tested in protocol.
/** Helpers for the simulator's HTTP tests (real server on port 0, plain fetch). */
import { type RunningSim, type StartSimOptions, startSim } from './index.ts';

export type Json = Record<string, any>;

export async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = { unparsable: text };
  }
  return { http: response.status, json };
}

export const AdminToken = 'test-admin-token';

/** A manual-clock sim with a small world and a fake wall clock the test moves. */
export async function startTestSim(options: StartSimOptions = {}) {
  const wall = { now: Date.UTC(2026, 0, 10, 4, 0, 0) };
  const sim: RunningSim = await startSim({
    clock: 'manual',
    adminToken: AdminToken,
    loadAccounts: 2,
    wallNow: () => wall.now,
    world: {
      seed: 7,
      liveMatches: 6,
      todayMatches: 10,
      earlyMatches: 6,
      startTime: Date.UTC(2026, 0, 10, 4, 0, 0),
    },
    sessions: { requestsPerSecond: 0 },
    ...options,
  });
  const call = (path: string, body: unknown, headers?: Record<string, string>) =>
    post(sim.url, path, body, headers);
  const login = async (accountId: string, password = 'demo1234') => {
    const { json } = await call('/authlogin', { account_id: accountId, password });
    if (json.status !== 1) throw new Error(`login ${accountId} failed: ${json.statusdesc}`);
    return {
      account_id: accountId,
      session_token: json.member_profile.player_info[0].session_token as string,
    };
  };
  return { ...sim, wall, call, login };
}

let seq = 0;
export function requestId(): string {
  seq++;
  return `req-${process.pid}-${Date.now()}-${seq}`;
}
