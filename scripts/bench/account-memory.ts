/**
 * What an account topic keeps of its last replies, before and after keeping a digest of their
 * bytes (feed/account.ts `ReplyDigest`): the seven account calls of a demo account are asked once
 * from the simulator, then N accounts' worth of (a) the reply as the upstream client returned it
 * (text and parsed body, the old `lastReplies`) and (b) the status and SHA-1 of its bytes are held,
 * and the heap is counted after a full GC for each. Heap bytes per account, side by side in one run.
 * `node --expose-gc --import tsx scripts/bench/account-memory.ts [N]`.
 */
import { createHash } from 'node:crypto';
import { startSim } from '@sportsbook/upstream-sim';

const N = Number(process.argv[2] ?? 2000);
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc');

const sim = await startSim({});
try {
  const post = async (path: string, body: Record<string, unknown>) => {
    const res = await fetch(`${sim.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const login = JSON.parse(
    (await post('/authlogin', { account_id: 'demo01', password: 'demo1234' })).bytes.toString(),
  ) as { member_profile: { player_info: { session_token: string; parent_id?: unknown }[] } };
  const info = login.member_profile.player_info[0] as { session_token: string; parent_id?: unknown };
  const who = { account_id: 'demo01', session_token: info.session_token };
  const paged = { page_size: 20 };
  const calls: [string, Record<string, unknown>][] = [
    ['/userbalance', { parent_id: info.parent_id }],
    ['/bet/betacceptlist', paged],
    ['/bet/pendingbetlist', paged],
    ['/bet/betrejectlist', paged],
    ['/personalunread', {}],
    ['/lottery/betlist', paged],
    ['/ngbetlist', paged],
  ];
  const replies = await Promise.all(calls.map(([path, body]) => post(path, { ...who, ...body })));
  const bytes = replies.reduce((n, r) => n + r.bytes.length, 0);
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const h0 = heap();
  // (a) Each account's own copy of each reply: its text (a fresh string) and its parsed body.
  let held: unknown[] = [];
  for (let i = 0; i < N; i++) {
    held.push(
      replies.map((r) => {
        const text = Buffer.from(r.bytes).toString('utf8');
        return { httpStatus: r.status, body: JSON.parse(text), text };
      }),
    );
  }
  const h1 = heap();
  held = [];
  const h2 = heap();
  for (let i = 0; i < N; i++) {
    held.push(
      replies.map((r) => ({
        httpStatus: r.status,
        digest: createHash('sha1').update(Buffer.from(r.bytes)).digest('base64'),
      })),
    );
  }
  const h3 = heap();
  const before = (h1 - h0) / N;
  const after = (h3 - h2) / N;
  console.log(
    JSON.stringify({
      accounts: N,
      replyBytesPerAccount: bytes,
      textAndBodyBytesPerAccount: Math.round(before),
      digestBytesPerAccount: Math.round(after),
      ratio: after / before,
      held: held.length,
    }),
  );
} finally {
  await sim.close();
}
