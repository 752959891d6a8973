import { login, startProxyStack } from '@sportsbook/testkit/proxy';
import type { RunningSim } from '@sportsbook/upstream-sim';
import fc from 'fast-check';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from '../index.ts';

interface Case {
  path: string;
  contentType: string | null;
  body: string | Uint8Array;
  /** Over the body limit: the gateway may answer and close before reading it all. */
  huge?: boolean;
}

/** Calls with body schemas, plus one without (version) and paths that are no call at all. */
const Paths = [
  '/authlogin',
  '/switchlogin',
  '/securelogin',
  '/userprofile',
  '/userbalance',
  '/usersettings',
  '/changepassword',
  '/addsecondary',
  '/dailystatement',
  '/bet/betcheck',
  '/bet/betsingle',
  '/bet/betparlay',
  '/bet/betsysparlay',
  '/bet/betsinglemmo',
  '/bet/cashout',
  '/bet/betacceptlist',
  '/tournament/roomjoin',
  '/games/prov1/LaunchGame',
];

const Fields = [
  'account_id',
  'session_token',
  'password',
  'token',
  'parent_id',
  'request_id',
  'odds_id',
  'selection',
  'price',
  'stake',
  'selections',
  'nickname',
  'new_password',
  'start_date',
  'page_size',
  '__proto__',
  'constructor',
];

const path = fc.oneof(
  { weight: 9, arbitrary: fc.constantFrom(...Paths) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((s) => `/${encodeURIComponent(s)}`) },
);

/** Bodies shaped like the real ones with wrong values: the closest misses. Sessions are bogus, so
 * a body that happens to be valid is refused upstream and never places a bet. */
const nearMiss = fc
  .dictionary(fc.constantFrom(...Fields), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 8 })
  .map((fields) => ({ account_id: 'fuzz01', session_token: 'bogus', ...fields }));

const jsonCase: fc.Arbitrary<Case> = fc
  .record({ path, value: fc.oneof(fc.jsonValue({ maxDepth: 4 }), nearMiss) })
  .map(({ path, value }) => ({
    path,
    contentType: 'application/json',
    body: JSON.stringify(value) ?? 'null',
  }));

const garbageCase: fc.Arbitrary<Case> = fc
  .record({ path, bytes: fc.uint8Array({ maxLength: 2048 }) })
  .map(({ path, bytes }) => ({ path, contentType: 'application/json', body: bytes }));

const wrongTypeCase: fc.Arbitrary<Case> = fc
  .record({
    path,
    contentType: fc.constantFrom(
      null,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/json; charset=utf-16',
      'application/octet-stream',
      '',
    ),
    body: fc.oneof(
      fc.string({ maxLength: 500 }),
      nearMiss.map((v) => JSON.stringify(v)),
    ),
  })
  .map(({ path, contentType, body }) => ({ path, contentType, body }));

/** Hand-made nasties: nesting, prototype keys, odd numbers, BOMs, truncation. */
const nastyBodies = [
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
  '{"__proto__":{"polluted":true},"account_id":"x","password":"y"}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"account_id":"demo01","password":"demo1234","account_id":"demo02"}',
  '{"account_id":1e999,"password":-0}',
  '\uFEFF{"account_id":"demo01","password":"x"}',
  '{"account_id":"\\ud800","password":"\\u0000"}',
  '{"account_id":"demo01","password":',
  '',
  'null',
  'true',
  '"string"',
  '12345678901234567890',
  '[{"account_id":"demo01"}]',
  `{"selections":[${Array(30_000).fill('0').join(',')}]}`,
];
const nastyCase: fc.Arbitrary<Case> = fc
  .record({ path, body: fc.constantFrom(...nastyBodies) })
  .map(({ path, body }) => ({ path, contentType: 'application/json', body }));

const hugeCase: fc.Arbitrary<Case> = fc
  .record({ path, size: fc.integer({ min: 65 * 1024, max: 400 * 1024 }) })
  .map(({ path, size }) => ({
    path,
    contentType: 'application/json',
    body: JSON.stringify({ account_id: 'fuzz01', password: 'x'.repeat(size) }),
    huge: true,
  }));

function cases(count: number, seed: number): Case[] {
  const arbitrary = fc.oneof(
    { weight: 48, arbitrary: jsonCase },
    { weight: 25, arbitrary: garbageCase },
    { weight: 20, arbitrary: wrongTypeCase },
    { weight: 6, arbitrary: nastyCase },
    { weight: 1, arbitrary: hugeCase },
  );
  return fc.sample(arbitrary, { numRuns: count, seed });
}

describe('fuzzing /api with malformed requests', () => {
  let sim: RunningSim;
  let gateway: RunningGateway;
  let pool: Pool;

  beforeAll(async () => {
    ({ sim, gateway } = await startProxyStack({
      gateway: {
        rateLimitIpPerMinute: 1_000_000,
        rateLimitAccountPerMinute: 1_000_000,
        loginLimitPerAccountPerMinute: 1_000_000,
        loginLimitPerIpPerMinute: 1_000_000,
      },
    }));
    pool = new Pool(gateway.url, { connections: 8, pipelining: 1 });
  });
  afterAll(async () => {
    await pool?.close();
    await gateway?.close();
    await sim?.close();
  });

  it('10,000 malformed bodies: no 5xx, always a catalogue envelope, and the gateway still serves', async () => {
    const all = cases(10_000, 20_251_122);
    const statuses = new Map<number, number>();
    const codes = new Map<string, number>();
    const problems: string[] = [];
    let resets = 0;
    let next = 0;

    async function worker(): Promise<void> {
      while (next < all.length) {
        const item = all[next++] as Case;
        const headers: Record<string, string> = {};
        if (item.contentType !== null) headers['content-type'] = item.contentType;
        try {
          const res = await pool.request({
            path: `/api${item.path}`,
            method: 'POST',
            headers,
            body: item.body,
          });
          const text = await res.body.text();
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          let json: { status?: unknown; statusdesc?: unknown } | undefined;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          if (res.statusCode >= 500 || typeof json?.statusdesc !== 'string' || json.status === undefined) {
            problems.push(`${res.statusCode} ${item.path} ${text.slice(0, 200)}`);
          } else {
            codes.set(json.statusdesc, (codes.get(json.statusdesc) ?? 0) + 1);
          }
        } catch (err) {
          // A client still sending an oversized body may see the socket closed after the 400.
          if (item.huge) resets++;
          else problems.push(`${item.path} ${(err as Error).message}`);
        }
      }
    }
    await Promise.all(Array.from({ length: 16 }, worker));

    expect(problems.slice(0, 10)).toEqual([]);
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    const answered = [...statuses.values()].reduce((a, b) => a + b, 0);
    expect(answered + resets).toBe(10_000);
    // Nearly everything is refused at the edge; the rest reached the upstream with a bogus session.
    const refused = (codes.get('badRequest') ?? 0) + (codes.get('unknownCall') ?? 0);
    expect(refused).toBeGreaterThan(9_000);

    const session = await login(gateway, 'demo02');
    expect(session.session_token.length).toBeGreaterThan(0);
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    // Ten thousand real HTTP requests on two shared cores: allowed more than the default 30 s.
  }, 120_000);
});
