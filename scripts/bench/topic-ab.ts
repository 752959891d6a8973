/**
 * The in-play topic's per-poll cost, this tree against another, side by side in one process: a
 * sequence of real replies of the simulator's 500-live-match topic (`odds/1/hdpou/live`, recorded
 * once at 1 s intervals from an in-process simulator with a real clock) is replayed through each
 * tree's own poller and topic history (gateway feed/poller.ts + feed/topic.ts, with the tree's
 * protocol), with no client, as the gateway's idle topic runs them: the reply parsed from its
 * bytes, normalized, anchored, diffed and published. The network and the HTTP client are left
 * out (the same for both trees). Passes alternate between the trees and each is timed as process
 * CPU time (GC threads included); the ratio of the medians survives a loaded machine where
 * absolute figures do not.
 *
 * `TOPIC_AB_BASE=<dir> npx tsx scripts/bench/topic-ab.ts [seconds=60] [rounds=15]`, `<dir>` a
 * `git archive` of the older commit with a `node_modules` of symlinks to this tree's and its own
 * `@sportsbook/*` links (so its gateway imports its own protocol). Without `TOPIC_AB_BASE` the
 * tree is compared with itself (the noise floor). The replies are kept in
 * `TOPIC_AB_REPLIES` (default /tmp/topic-ab-replies.json) and reused when that file exists.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseTopic, topicCall, topicCallPath } from '@sportsbook/protocol';

interface Reply {
  t: number;
  bytes: Buffer;
}

const root = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const TopicName = 'odds/1/hdpou/live';

async function record(seconds: number): Promise<Reply[]> {
  const { startSim } = await import('@sportsbook/upstream-sim');
  const topic = parseTopic(TopicName);
  if (!topic.ok) throw new Error(topic.error);
  const call = topicCall(topic.value);
  const sim = await startSim({
    clock: 'real',
    world: { liveMatches: 500, todayMatches: 20, earlyMatches: 20 },
  });
  const replies: Reply[] = [];
  try {
    const start = Date.now();
    for (let i = 0; i < seconds; i++) {
      const wait = start + i * 1000 - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const t = Date.now();
      const res = await fetch(`${sim.url}${topicCallPath(call)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(call.body),
      });
      replies.push({ t, bytes: Buffer.from(await res.arrayBuffer()) });
    }
  } finally {
    await sim.close();
  }
  return replies;
}

interface Tree {
  label: string;
  Poller: new (options: unknown) => { start(): void };
  TopicHistory: new (name: string, bounds: { maxCount: number; maxAgeMs: number }) => unknown;
}

async function load(label: string, dir: string): Promise<Tree> {
  const poller = await import(`${dir}/gateway/src/feed/poller.ts`);
  const topic = await import(`${dir}/gateway/src/feed/topic.ts`);
  return { label, Poller: poller.Poller, TopicHistory: topic.TopicHistory };
}

/** One pass over the replies through a fresh poller and history: CPU µs of every poll after the first. */
async function pass(tree: Tree, replies: readonly Reply[]): Promise<number> {
  const topic = parseTopic(TopicName);
  if (!topic.ok) throw new Error(topic.error);
  let at = 0;
  let current = replies[0] as Reply;
  const upstream = {
    async post(
      _path: string,
      _body: unknown,
      o: { previous?: { bytes?: Buffer }; parse?: (b: Buffer) => unknown },
    ) {
      const bytes = current.bytes;
      if (o.previous?.bytes?.equals(bytes) === true) return o.previous;
      return { httpStatus: 200, body: o.parse ? o.parse(bytes) : JSON.parse(bytes.toString()), bytes };
    },
  };
  // No timers: the bench calls each poll itself.
  const scheduler = {
    task: () => ({ armed: false }),
    after() {},
    cancel() {},
  };
  const history = new tree.TopicHistory(TopicName, { maxCount: 1000, maxAgeMs: 120_000 });
  const poller = new tree.Poller({
    name: TopicName,
    topic: topic.value,
    intervalMs: 1000,
    timeoutMs: 5000,
    maxBackoffMs: 30_000,
    upstream,
    writer: history,
    log: { warn() {} },
    polls: { inc() {} },
    now: () => at,
    scheduler,
  });
  poller.start();
  const poll = () => (poller as unknown as { poll(): Promise<void> }).poll();
  at = current.t;
  await poll();
  const before = process.cpuUsage();
  for (let i = 1; i < replies.length; i++) {
    current = replies[i] as Reply;
    at = current.t;
    await poll();
  }
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

async function main(): Promise<void> {
  const seconds = Number(process.argv[2] ?? 60);
  const rounds = Number(process.argv[3] ?? 15);
  const file = process.env.TOPIC_AB_REPLIES ?? '/tmp/topic-ab-replies.json';
  let replies: Reply[];
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { t: number; b64: string }[];
    replies = saved.map((r) => ({ t: r.t, bytes: Buffer.from(r.b64, 'base64') }));
    console.log(`${replies.length} replies from ${file}`);
  } else {
    console.log(`recording ${seconds} replies of ${TopicName}, 1 s apart...`);
    replies = await record(seconds);
    writeFileSync(file, JSON.stringify(replies.map((r) => ({ t: r.t, b64: r.bytes.toString('base64') }))));
  }
  const baseDir = process.env.TOPIC_AB_BASE ?? root;
  const trees = [await load('base', baseDir), await load('this', root)];
  // Warm-up (JIT): two untimed passes each.
  for (let i = 0; i < 2; i++) for (const tree of trees) await pass(tree, replies);
  const samples: Record<string, number[]> = { base: [], this: [] };
  for (let r = 0; r < rounds; r++) {
    const order = r % 2 === 0 ? trees : [...trees].reverse();
    for (const tree of order) (samples[tree.label] as number[]).push(await pass(tree, replies));
  }
  const polls = replies.length - 1;
  const perPoll = (label: string) => median(samples[label] as number[]) / polls / 1000;
  const base = perPoll('base');
  const mine = perPoll('this');
  const ratios = (samples.this as number[]).map((v, i) => v / ((samples.base as number[])[i] as number));
  console.log(`base: ${baseDir}`);
  console.log(`| tree | CPU ms per poll (median of ${rounds} passes of ${polls} polls) |`);
  console.log('|---|---:|');
  console.log(`| base | ${base.toFixed(3)} |`);
  console.log(`| this | ${mine.toFixed(3)} |`);
  console.log(
    `ratio this/base: ${(mine / base).toFixed(2)} (per round: ${ratios.map((x) => x.toFixed(2)).join(' / ')})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
