/**
 * Idle connections: how much memory one gateway process needs to hold N
 * connected clients that are logged in (`hello`) and subscribed to the quiet `menu` topic, next to
 * a bare `ws` server holding the same number of bare connections (the baseline), in the same run.
 * Clients come from fanout.bench.ts's load processes (2,500 sockets each, own source addresses), so
 * neither side reaches the 20,000 open-files limit of one process.
 *
 * `npx tsx scripts/bench/run.ts --only idle` (N = 15,000), `--quick` (N = 1,000), or `IDLE_N=5000`.
 */
import type { ChildProcess } from 'node:child_process';
import { children, login, next, sleep, spawn, spawnLoad, stats, stop } from './fanout.bench.ts';
import type { Benchmark } from './run.ts';

interface Row {
  kind: 'gateway' | 'ws';
  n: number;
  connected: number;
  errors: number;
  rssBeforeMb: number;
  rssMb: number;
  perThousandMb: number;
  connectSeconds: number;
}

async function connect(
  kind: Row['kind'],
  n: number,
  server: ChildProcess,
  url: string,
  session: { accountId: string; token: string },
): Promise<Row> {
  await sleep(1000);
  const before = await stats(server);
  const started = performance.now();
  const workers = spawnLoad({ kind, n, url, session, topic: 'menu', minProcesses: 1 });
  try {
    const ready = await Promise.all(
      workers.map((w) => next<{ errors: number; snaps: number }>(w, 'ready', 300_000)),
    );
    const connectSeconds = (performance.now() - started) / 1000;
    // Settle: the gateway's per-socket buffers and timers reach their steady state.
    await sleep(5000);
    const after = await stats(server);
    const errors = ready.reduce((a, r) => a + r.errors, 0);
    const connected = kind === 'gateway' ? ready.reduce((a, r) => a + r.snaps, 0) : n - errors;
    const mb = (bytes: number) => bytes / 2 ** 20;
    return {
      kind,
      n,
      connected,
      errors,
      rssBeforeMb: mb(before.rss),
      rssMb: mb(after.rss),
      perThousandMb: (mb(after.rss - before.rss) / Math.max(1, connected)) * 1000,
      connectSeconds,
    };
  } finally {
    await Promise.all(workers.map(stop));
  }
}

const idle: Benchmark = {
  name: 'idle',
  description:
    'N idle clients on one gateway process (hello + a `menu` subscription) against a bare `ws` server holding N bare connections, same run: RSS before and after, RSS per 1,000 clients.',
  async run(options) {
    const n = Number(process.env.IDLE_N ?? (options.quick ? 1000 : 15_000));
    const rows: Row[] = [];
    try {
      const sim = spawn('fanout-server.ts', ['sim', '50']);
      const simUrl = (await next<{ url: string }>(sim, 'ready')).url;
      const gateway = spawn('fanout-server.ts', ['gateway', simUrl]);
      const gatewayUrl = (await next<{ url: string }>(gateway, 'ready')).url;
      const session = await login(simUrl);
      await sleep(3000);
      rows.push(await connect('gateway', n, gateway, gatewayUrl, session));
      await stop(gateway);
      const bare = spawn('idle-server.ts', []);
      const bareUrl = (await next<{ url: string }>(bare, 'ready')).url;
      rows.push(await connect('ws', n, bare, bareUrl, session));
    } finally {
      await Promise.all([...children].map(stop));
    }
    const numbers: Record<string, number> = {};
    for (const r of rows)
      for (const [k, v] of Object.entries(r)) if (typeof v === 'number') numbers[`${r.kind}_${k}`] = v;
    const g = rows.find((r) => r.kind === 'gateway');
    const w = rows.find((r) => r.kind === 'ws');
    const lines = rows.map(
      (r) =>
        `| ${r.kind === 'gateway' ? 'gateway (hello + sub menu)' : 'bare ws (connections only)'} | ${r.n} | ${r.connected} | ${r.errors} | ${r.connectSeconds.toFixed(1)} | ${r.rssBeforeMb.toFixed(0)} | ${r.rssMb.toFixed(0)} | ${r.perThousandMb.toFixed(1)} |`,
    );
    const ratio =
      g && w
        ? `\n\nRSS per 1,000 clients, gateway / bare ws: ${(g.perThousandMb / w.perThousandMb).toFixed(2)}x; gateway total ${g.rssMb.toFixed(0)} MB (goal: <= 1,024 MB at 15,000).`
        : '';
    return {
      markdown: `| server | N | connected | errors | connect s | RSS before MB | RSS MB | MB per 1,000 |\n|---|---|---|---|---|---|---|---|\n${lines.join('\n')}${ratio}`,
      numbers,
    };
  },
};

export default idle;
