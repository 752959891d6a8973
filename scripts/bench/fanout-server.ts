/**
 * One server of the fan-out benchmark, in its own process (forked by fanout.bench.ts), so its CPU
 * and RSS are its own. Roles:
 * - `sim`: the upstream simulator, real clock, a 500-live-match world; or, when a third argument
 *   names a recording (FANOUT_RECORDING), the replay upstream serving it in a loop at speed 1
 *   (`startReplayUpstream`, RECORDING.md), with its own simulator behind it for logins.
 * - `gateway`: the real gateway polling the simulator; a third argument `deflate` offers
 *   permessage-deflate (WS_DEFLATE) to the clients that ask for it (the `gateway2z` rows), a
 *   fourth `cold` starts it with no topic to poll (idlecpu.bench.ts).
 * - `ws`: the ceiling, a bare `ws` server that relays each delta frame the gateway publishes (it
 *   watches the topic as one client) to its own clients: encoded once with a fresh `pt`, the same
 *   Buffer written to every socket. Same frames, same cadence as the gateway.
 * - `socketio`: a Socket.IO server relaying the same frames with `io.emit` (encoded once).
 * IPC: the parent sends `{ cmd: 'stats' }` and gets CPU, RSS and frames/bytes sent since start;
 * `{ cmd: 'profile', ms, file }` writes a CPU profile of the next `ms` (profile-topic.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketIoServer } from 'socket.io';
import WebSocket, { WebSocketServer } from 'ws';
import { EventLoopSampleMs } from '../../gateway/src/plugins/metrics.ts';

type Role = 'sim' | 'gateway' | 'ws' | 'socketio';
const role = process.argv[2] as Role;
const arg = process.argv[3] ?? '';

let frames = 0;
let bytes = 0;
/** `gc`: a full collection for the live heap figure (the end of a window, never its start). */
let statsExtra: (gc: boolean) => Promise<Record<string, number>> = async () => ({});

function send(msg: unknown): void {
  process.send?.(msg);
}

/** The heap after a full collection when the process runs with --expose-gc (topics.bench.ts), else as is. */
function liveHeap(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

async function gatewayCounters(metricsText: string, gc: boolean): Promise<Record<string, number>> {
  const pick = (name: string) => {
    let total = 0;
    for (const line of metricsText.split('\n')) {
      if (line.startsWith(`${name} `) || line.startsWith(`${name}{`))
        total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return total;
  };
  return {
    frames: pick('gateway_frames_sent_total'),
    bytes: pick('gateway_bytes_sent_total'),
    polls: pick('gateway_topic_polls_total'),
    conflations: pick('gateway_conflations_total'),
    topics: pick('gateway_topics'),
    // prom-client resets the event-loop histogram at each scrape: the p99 since the last stats call.
    // Node's histogram records the time between two of its timer's wake-ups, so an idle loop reads
    // the sampling interval itself (50 ms): the delay is what exceeds it (as fastify's
    // under-pressure computes it).
    loopP99: pick('gateway_nodejs_eventloop_lag_p99_seconds'),
    loopDelayP99: Math.max(0, pick('gateway_nodejs_eventloop_lag_p99_seconds') - EventLoopSampleMs / 1000),
    // The full collection for the heap figure stalls the loop: only after the histogram was read.
    ...(gc ? { heapUsed: liveHeap() } : {}),
  };
}

/** Calls `onFrame` with each delta frame (without `pt`) the gateway publishes on the live topic. */
function relay(onFrame: (frame: Record<string, unknown>) => void): void {
  const { gatewayUrl, accountId, token } = JSON.parse(arg) as {
    gatewayUrl: string;
    accountId: string;
    token: string;
  };
  const ws = new WebSocket(gatewayUrl);
  ws.on('open', () => {
    ws.send(JSON.stringify({ op: 'hello', v: 1, account_id: accountId, session_token: token }));
    ws.send(JSON.stringify({ op: 'sub', id: 1, topic: 'odds/1/hdpou/live' }));
  });
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Record<string, unknown>;
    if (frame.t !== 'delta') return;
    delete frame.pt;
    onFrame(frame);
  });
}

/** Profiles this process for `ms` with the inspector and writes the `.cpuprofile` to `file`. */
async function cpuProfile(ms: number, file: string): Promise<string> {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // 1 ms between samples (V8's default); the shares, not the absolute times, are what it is for.
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
  await new Promise((r) => setTimeout(r, ms));
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

async function main(): Promise<void> {
  const recording = process.argv[4];
  if (role === 'sim' && recording) {
    const { startReplayUpstream } = await import('../replay/server.ts');
    const replay = await startReplayUpstream({ file: recording, loop: true, speed: 1 });
    let uxmarket = 0;
    replay.events.on('served', (served) => {
      if (served.key.startsWith('uxmarket')) uxmarket++;
    });
    statsExtra = async () => ({ uxmarket });
    send({ ready: true, url: replay.url });
  } else if (role === 'sim') {
    const { startSim } = await import('@sportsbook/upstream-sim');
    const live = Number(arg) || 500;
    const sim = await startSim({
      clock: 'real',
      world: { liveMatches: live, todayMatches: 20, earlyMatches: 20 },
      // topics.bench.ts: load01..loadN, each with its own session and account topic.
      ...(process.env.BENCH_LOAD_ACCOUNTS
        ? { loadAccounts: Number(process.env.BENCH_LOAD_ACCOUNTS), sessions: { requestsPerSecond: 0 } }
        : {}),
    });
    statsExtra = async () => {
      const text = await sim.app.sim.metrics.registry.metrics();
      const m = /upstream_sim_calls_total\{call="uxmarket"[^}]*\} (\d+)/.exec(text);
      let calls = 0;
      for (const line of text.split('\n')) {
        if (line.startsWith('upstream_sim_calls_total{'))
          calls += Number(line.slice(line.lastIndexOf(' ') + 1));
      }
      return { uxmarket: Number(m?.[1] ?? 0), calls };
    };
    send({ ready: true, url: sim.url });
  } else if (role === 'gateway') {
    const { startGateway } = await import('@sportsbook/gateway');
    const gw = await startGateway({
      upstreamUrl: arg,
      webDist: undefined,
      pollIntervalMs: 1000,
      // `cold` (idlecpu.bench.ts): no topic, the process's own cost with nothing to poll.
      warmTopics:
        process.argv[5] === 'cold'
          ? []
          : process.argv[5] === 'topics'
            ? [
                'odds/1/hdpou/live',
                'list/livetv',
                'list/esports',
                'list/lottery',
                'list/numbergame',
                'list/highlights',
              ]
            : ['odds/1/hdpou/live'],
      // Thousands of sockets of one session from a few addresses: socket caps lifted.
      feed: {
        framesPerSecond: 50,
        frameBurst: 100,
        maxSocketsPerSession: 1_000_000,
        maxSocketsPerAccount: 1_000_000,
        maxSocketsPerIp: 1_000_000,
        // topics.bench.ts: one hello check per account at connect, no refusals for the bench's pace.
        matchChecksPerSecond: 1000,
        maxTopicsPerNode: 100_000,
        perMessageDeflate: process.argv[4] === 'deflate',
      },
    });
    statsExtra = async (gc) => gatewayCounters(await gw.app.metrics.metrics(), gc);
    send({ ready: true, url: gw.wsUrl });
  } else if (role === 'ws') {
    const wss = new WebSocketServer({ port: 0, host: '0.0.0.0', perMessageDeflate: false });
    await new Promise((r) => wss.once('listening', r));
    relay((delta) => {
      const buf = Buffer.from(JSON.stringify({ ...delta, pt: Date.now() }));
      for (const client of wss.clients) {
        client.send(buf, { binary: false, compress: false, fin: true });
        frames++;
        bytes += buf.length;
      }
    });
    send({ ready: true, url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}` });
  } else if (role === 'socketio') {
    const http = createServer();
    const io = new SocketIoServer(http, {
      transports: ['websocket'],
      perMessageDeflate: false,
      serveClient: false,
    });
    await new Promise<void>((r) => http.listen(0, '0.0.0.0', r));
    relay((delta) => {
      const frame = { ...delta, pt: Date.now() };
      io.emit('m', frame);
      const n = io.engine.clientsCount;
      frames += n;
      // Socket.IO's own packet: 42["m",<frame>].
      bytes += n * (JSON.stringify(frame).length + 8);
    });
    send({ ready: true, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });
  }

  // The benchmark process went away, or stops us: so do we (an orderly exit writes --cpu-prof).
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  process.on('message', async (msg: { cmd: string }) => {
    if (msg.cmd === 'stats') {
      const gc = (msg as { gc?: boolean }).gc !== false;
      const cpu = process.cpuUsage();
      send({
        stats: {
          cpuMicros: cpu.user + cpu.system,
          rss: process.memoryUsage().rss,
          frames,
          bytes,
          ...(await statsExtra(gc)),
        },
      });
    } else if (msg.cmd === 'exit') {
      process.exit(0);
    } else if (msg.cmd === 'profile') {
      // A V8 CPU profile of this process over `ms` (profile-topic.ts): the steady state only, not
      // the start-up that `--cpu-prof` would also record.
      const { ms, file } = msg as unknown as { ms: number; file: string };
      send({ profiled: await cpuProfile(ms, file) });
    }
  });
}

await main();
