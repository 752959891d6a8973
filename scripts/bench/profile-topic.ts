/**
 * Where an idle topic's CPU goes: the simulator (500 live matches, real clock) in its own process,
 * one gateway process polling the in-play topic `odds/1/hdpou/live` with no client (as
 * idlecpu.bench.ts's `warm` row), and a V8 CPU profile of the gateway's steady state (after a
 * warm-up, via the inspector: start-up is not in it). Prints the profile's self time by function
 * and by file, as ms of CPU per second and as shares of the busy (non-idle) time. Shares hold up
 * on a loaded machine where absolute CPU figures do not.
 *
 * `npx tsx scripts/bench/profile-topic.ts [seconds=30] [out=/tmp/topic.cpuprofile]`;
 * `npx tsx scripts/bench/profile-topic.ts --tally <file.cpuprofile>` re-reads a saved profile.
 * `PROFILE_MODE=cold` profiles the gateway with no topic, `topics` with the in-play topic and the lists
 * (fanout-server.ts's gateway modes).
 */
import { readFileSync } from 'node:fs';
import { children, next, sleep, spawn, stop } from './fanout.bench.ts';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Self time (µs) by a key of each sample's node. */
function selfTimes(profile: Profile, key: (n: Node) => string): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    // timeDeltas[i] is the time since the previous sample: sample i-1 ran for timeDeltas[i].
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const node = byId.get(profile.samples[i] as number) as Node;
    const k = key(node);
    out.set(k, (out.get(k) ?? 0) + dt);
  }
  return out;
}

const short = (url: string) =>
  url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, 'nm:')
    .replace(/^.*\/(gateway|protocol|upstream-sim)\/src\//, '$1/');

/** The frame a sample is charged to in `blocks`: its first frame in this repo's sources, else below the root. */
function entryOf(profile: Profile): (id: number) => string {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const memo = new Map<number, string>();
  return (id) => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const path: Node[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      path.push(byId.get(at) as Node);
    path.reverse(); // root first
    const own = path.find((n) => /\/(gateway|protocol)\/src\//.test(n.callFrame.url));
    const pick = own ?? path[1] ?? path[0];
    const name =
      pick === undefined
        ? '?'
        : `${pick.callFrame.functionName || '(anonymous)'} ${short(pick.callFrame.url)}`;
    memo.set(id, name);
    return name;
  };
}

/**
 * Busy runs: consecutive samples that are not `(idle)`: how long the loop went without waiting
 * for I/O, each charged to the entries that took most of it. A run may hold several callbacks (a
 * sliced sweep's slices, a timer then replies): it bounds the longest single block from above.
 */
export function blocks(profile: Profile, minMs = 10, top = 15): string {
  const entry = entryOf(profile);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const runs: { ms: number; by: Map<string, number> }[] = [];
  let run: { ms: number; by: Map<string, number> } | undefined;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i] as number;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if ((byId.get(id) as Node).callFrame.functionName === '(idle)') {
      if (run !== undefined) runs.push(run);
      run = undefined;
      continue;
    }
    run ??= { ms: 0, by: new Map() };
    run.ms += dt;
    const e = entry(id);
    run.by.set(e, (run.by.get(e) ?? 0) + dt);
  }
  if (run !== undefined) runs.push(run);
  const seconds = (profile.endTime - profile.startTime) / 1e6;
  const long = runs.filter((r) => r.ms >= minMs).sort((a, b) => b.ms - a.ms);
  const mainOf = (r: { by: Map<string, number> }) =>
    [...r.by]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, v]) => `${k.replaceAll('|', '/')} ${v.toFixed(0)}`)
      .join('; ');
  const perEntry = new Map<string, { n: number; ms: number }>();
  for (const r of long) {
    for (const [k, v] of r.by) {
      const e = perEntry.get(k) ?? { n: 0, ms: 0 };
      e.ms += v;
      e.n += 1;
      perEntry.set(k, e);
    }
  }
  return [
    `Busy runs (the loop held without a break): ${runs.length} in ${seconds.toFixed(1)} s, ${long.length} of ${minMs} ms or more.`,
    '',
    '| run ms | where (entry: ms) |',
    '|---:|---|',
    ...long.slice(0, top).map((r) => `| ${r.ms.toFixed(0)} | ${mainOf(r)} |`),
    '',
    `| entry | ms inside runs of ${minMs} ms or more | runs |`,
    '|---|---:|---:|',
    ...[...perEntry]
      .sort((a, b) => b[1].ms - a[1].ms)
      .slice(0, top)
      .map(([k, v]) => `| ${k.replaceAll('|', '/')} | ${v.ms.toFixed(0)} | ${v.n} |`),
  ].join('\n');
}

export function tally(profile: Profile, top = 25): string {
  const seconds = (profile.endTime - profile.startTime) / 1e6;
  const fn = selfTimes(profile, (n) =>
    n.callFrame.url === ''
      ? n.callFrame.functionName || '(anonymous)'
      : `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`,
  );
  const file = selfTimes(profile, (n) =>
    n.callFrame.url === '' ? n.callFrame.functionName : short(n.callFrame.url),
  );
  const idle = fn.get('(idle)') ?? 0;
  let total = 0;
  for (const v of fn.values()) total += v;
  const busy = total - idle;
  const rows = (m: Map<string, number>) =>
    [...m]
      .filter(([k]) => k !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(
        ([k, v]) =>
          `| ${((100 * v) / busy).toFixed(1)}% | ${(v / 1000 / seconds).toFixed(2)} | ${k.replaceAll('|', '/')} |`,
      );
  return [
    `Profile of ${seconds.toFixed(1)} s: busy ${(busy / 1000 / seconds).toFixed(2)} ms of CPU per second (main thread, profiler included).`,
    '',
    '| share of busy | ms/s | function (self time) |',
    '|---:|---:|---|',
    ...rows(fn),
    '',
    '| share of busy | ms/s | file (self time) |',
    '|---:|---:|---|',
    ...rows(file),
  ].join('\n');
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--tally') {
    const profile = JSON.parse(readFileSync(args[1] as string, 'utf8')) as Profile;
    console.log(`${tally(profile)}\n\n${blocks(profile)}`);
    return;
  }
  const seconds = Number(args[0] ?? 30);
  const out = args[1] ?? '/tmp/topic.cpuprofile';
  try {
    const sim = spawn('fanout-server.ts', ['sim', '500']);
    const simUrl = (await next<{ url: string }>(sim, 'ready')).url;
    const gateway = spawn('fanout-server.ts', ['gateway', simUrl, '', process.env.PROFILE_MODE ?? '']);
    await next(gateway, 'ready');
    await sleep(10_000);
    const done = next<string>(gateway, 'profiled', seconds * 1000 + 60_000);
    gateway.send({ cmd: 'profile', ms: seconds * 1000, file: out });
    const file = await done;
    console.log(tally(JSON.parse(readFileSync(file, 'utf8')) as Profile));
    console.log(`\n(profile: ${file})`);
  } finally {
    await Promise.all([...children].map(stop));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
