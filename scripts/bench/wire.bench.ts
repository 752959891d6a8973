/**
 * Wire protocol v1 vs v2 bytes. The simulator (500 live matches, real clock) and the
 * gateway in their own processes (fanout-server.ts, the gateway offering permessage-deflate), and
 * four clients on `odds/1/hdpou/live` in the same run: v1, v2, and each with permessage-deflate.
 * Every client checks the state hash of every frame. Reports per client: the snapshot's size,
 * delta frames and bytes per second (frame text and bytes read off the socket), that as a share of
 * the snapshot, and whether v2 was sent exactly the price changes v1 was sent (seq by seq).
 *
 * `npx tsx scripts/bench/run.ts --only wire` (60 s window), `--quick` (15 s), `WIRE_SECONDS=n`.
 */
import { createHasher, decodeServerFrame, type Model, type StateHasher } from '@sportsbook/protocol';
import WebSocket from 'ws';
import { children, login, next, sleep, spawn, stop } from './fanout.bench.ts';
import type { Benchmark, BenchOptions } from './run.ts';

const TOPIC = 'odds/1/hdpou/live';

interface Client {
  label: string;
  version: number;
  deflate: boolean;
  ws: WebSocket;
  hasher: StateHasher | undefined;
  seq: number;
  snapBytes: number;
  frames: number;
  textBytes: number;
  wireAtStart: number;
  problems: string[];
  /** seq -> the odds ops of that delta (JSON), while measuring. */
  prices: Map<number, string>;
  measuring: boolean;
}

const wireOf = (c: Client) =>
  (c.ws as unknown as { _socket?: { bytesRead: number } })._socket?.bytesRead ?? 0;

function open(url: string, session: { accountId: string; token: string }, version: number, deflate: boolean) {
  const ws = new WebSocket(url, { perMessageDeflate: deflate });
  const c: Client = {
    label: `v${version}${deflate ? ' + deflate' : ''}`,
    version,
    deflate,
    ws,
    hasher: undefined,
    seq: -1,
    snapBytes: 0,
    frames: 0,
    textBytes: 0,
    wireAtStart: 0,
    problems: [],
    prices: new Map(),
    measuring: false,
  };
  ws.on('open', () => {
    ws.send(
      JSON.stringify({
        op: 'hello',
        v: version,
        account_id: session.accountId,
        session_token: session.token,
      }),
    );
    ws.send(JSON.stringify({ op: 'sub', id: 1, topic: TOPIC }));
  });
  ws.on('message', (data) => {
    const text = data.toString();
    const parsed = decodeServerFrame(text);
    if (!parsed.ok) {
      c.problems.push(parsed.error);
      return;
    }
    const f = parsed.value;
    if (f.t === 'snap') {
      c.hasher = createHasher(f.data as Model);
      if (c.hasher.value !== f.hash) c.problems.push(`snapshot hash at ${f.seq}`);
      c.seq = f.seq;
      c.snapBytes = text.length;
    } else if (f.t === 'delta' && c.hasher) {
      if ((f.prev ?? f.seq - 1) !== c.seq) c.problems.push(`gap at ${f.seq}`);
      c.hasher.apply(f.ops);
      if (c.hasher.value !== f.hash) c.problems.push(`hash at ${f.seq}`);
      c.seq = f.seq;
      if (c.measuring) {
        c.frames++;
        c.textBytes += text.length;
        const odds = f.ops.filter((op) => op[0] === 'odds');
        if (odds.length > 0) c.prices.set(f.seq, JSON.stringify(odds));
      }
    }
  });
  ws.on('error', (err) => c.problems.push(String(err)));
  return c;
}

const wire: Benchmark = {
  name: 'wire',
  description:
    'Wire protocol v1 (clock seconds) vs v2 (clock anchors) on `odds/1/hdpou/live` with 500 live matches, one client of each (and each with permessage-deflate) in the same run: in-play bytes per second per client against the snapshot, and the price changes each was sent.',
  async run(options: BenchOptions) {
    const seconds = Number(process.env.WIRE_SECONDS) || (options.quick ? 15 : 60);
    const numbers: Record<string, number> = {};
    const clients: Client[] = [];
    try {
      const sim = spawn('fanout-server.ts', ['sim', '500']);
      const simUrl = (await next<{ url: string }>(sim, 'ready')).url;
      const gateway = spawn('fanout-server.ts', ['gateway', simUrl, 'deflate']);
      const gatewayUrl = (await next<{ url: string }>(gateway, 'ready')).url;
      const session = await login(simUrl);
      for (const [version, deflate] of [
        [1, false],
        [2, false],
        [1, true],
        [2, true],
      ] as const) {
        clients.push(open(gatewayUrl, session, version, deflate));
      }
      // Warm-up: every client holds its snapshot, the world has run a few polls.
      const deadline = Date.now() + 60_000;
      while (clients.some((c) => c.hasher === undefined) && Date.now() < deadline) await sleep(100);
      await sleep(3000);
      for (const c of clients) {
        c.measuring = true;
        c.wireAtStart = wireOf(c);
      }
      const t0 = performance.now();
      await sleep(seconds * 1000);
      const elapsed = (performance.now() - t0) / 1000;
      for (const c of clients) c.measuring = false;
      // The price changes both were sent: v2's seqs are a subsequence of v1's.
      const [v1, v2] = clients as [Client, Client];
      const lastV2 = Math.max(0, ...v2.prices.keys());
      const firstBoth = Math.max(Math.min(...v1.prices.keys()), Math.min(...v2.prices.keys()));
      const inWindow = (m: Map<number, string>) =>
        [...m].filter(([seq]) => seq >= firstBoth && seq <= lastV2).map(([seq, ops]) => `${seq}:${ops}`);
      const samePrices = JSON.stringify(inWindow(v1.prices)) === JSON.stringify(inWindow(v2.prices));
      const compared = inWindow(v1.prices).length;
      const lines = [
        '| client | snapshot KB | delta frames/s | KB/s (frame text) | KB/s (on the wire) | wire bytes/s as % of snapshot | hash or seq problems |',
        '|---|---:|---:|---:|---:|---:|---:|',
      ];
      const base = v1.snapBytes;
      for (const c of clients) {
        const wireBytes = wireOf(c) - c.wireAtStart;
        const key = `v${c.version}${c.deflate ? 'z' : ''}`;
        numbers[`${key}_snapshot_bytes`] = c.snapBytes;
        numbers[`${key}_text_bytes_per_s`] = c.textBytes / elapsed;
        numbers[`${key}_wire_bytes_per_s`] = wireBytes / elapsed;
        numbers[`${key}_wire_pct_of_snapshot`] = (100 * wireBytes) / elapsed / base;
        lines.push(
          `| ${c.label} | ${(c.snapBytes / 1024).toFixed(0)} | ${(c.frames / elapsed).toFixed(2)} | ${(c.textBytes / elapsed / 1024).toFixed(2)} | ${(wireBytes / elapsed / 1024).toFixed(2)} | ${((100 * wireBytes) / elapsed / base).toFixed(2)}% | ${c.problems.length} |`,
        );
      }
      const ratio = (numbers.v2_wire_bytes_per_s ?? 0) / (numbers.v1_wire_bytes_per_s ?? 1);
      numbers.v2_over_v1_wire = ratio;
      numbers.same_prices = samePrices ? 1 : 0;
      numbers.price_deltas_compared = compared;
      const markdown = `${lines.join('\n')}\n\nWindow ${elapsed.toFixed(0)} s. v2 / v1 bytes per client on the wire: ${ratio.toFixed(3)}x (with deflate: ${((numbers.v2z_wire_bytes_per_s ?? 0) / (numbers.v1z_wire_bytes_per_s ?? 1)).toFixed(3)}x). Price changes: ${compared} deltas with odds ops compared seq by seq, v2 ${samePrices ? 'was sent exactly the same odds ops as' : 'DIFFERS from'} v1.`;
      return { markdown, numbers };
    } finally {
      for (const c of clients) c.ws.close();
      await Promise.all([...children].map(stop));
    }
  },
};

export default wire;
