/**
 * The simulator's own HTTP tests (`@sportsbook/testkit/sim`): a real simulator on port 0 with a
 * small world and a wall clock the test moves, driven with plain fetch.
 */
import { toMinorUnits } from '@sportsbook/protocol';
import { type RunningSim, type StartSimOptions, startSim } from '@sportsbook/upstream-sim';
import { type Json, loginAt, postJson, type TestSession } from './http.ts';
import { AdminToken } from './stack.ts';

export { requestId } from './http.ts';
export { AdminToken, type Json, type TestSession };

/** What `startTestSim` returns. */
export type TestSim = Awaited<ReturnType<typeof startTestSim>>;

export async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const { http, json } = await postJson(`${url}${path}`, body, headers);
  return { http, json };
}

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
  const login = (accountId: string, password = 'demo1234') =>
    loginAt(`${sim.url}/authlogin`, accountId, password);
  /** The account's cash and outstanding (frozen) amounts from `/userbalance`, minor units (2 digits). */
  const balance = async (session: TestSession) => {
    const { json } = await call('/userbalance', { ...session, parent_id: 'ag01' });
    const minor = (major: number) => toMinorUnits(major, 2) as number;
    return { cash: minor(json.account_balance), frozen: minor(json.outstanding_balance) };
  };
  return { ...sim, wall, call, login, balance };
}

/** `startTestSim` and a login (demo01 unless told): how most of the simulator's suites begin. */
export async function startTestSimAs(accountId = 'demo01', options: StartSimOptions = {}) {
  const t = await startTestSim(options);
  return { t, s: await t.login(accountId) };
}
