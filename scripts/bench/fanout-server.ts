/**
 * One server of the fan-out benchmark, in its own process (forked by fanout.bench.ts), so its CPU
 * and RSS are its own. Roles:
 * - `sim`: the upstream simulator, real clock, a 500-live-match world.
 * - `gateway`: the real gateway polling the simulator.
 * - `ws`: the ceiling, a bare `ws` server broadcasting the recorded delta frames once a second
 *   (each encoded once with a fresh `pt`, the same Buffer written to every socket).
 * - `socketio`: a Socket.IO server broadcasting the same frames with `io.emit` (encoded once).
 * IPC: the parent sends `{ cmd: 'stats' }` and gets CPU, RSS and frames/bytes sent since start.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketIoServer } from 'socket.io';
import { WebSocketServer } from 'ws';

type Role = 'sim' | 'gateway' | 'ws' | 'socketio';
const role = process.argv[2] as Role;
const arg = process.argv[3] ?? '';

let frames = 0;
let bytes = 0;
let statsExtra: () => Promise<Record<string, number>> = async () => ({});

function send(msg: unknown): void {
  process.send?.(msg);
}

async function gatewayCounters(metricsText: string): Promise<Record<string, number>> {
  const pick = (name: string) => {
    let total = 0;
    for (const line of metricsText.split('\n')) {
      if (line.startsWith(`${name} `) || line.startsWith(`${name}{`)) total += Number(line.slice(line.lastIndexOf(' ') + 1));
    }
    return total;
  };
  return {
    frames: pick('gateway_frames_sent_total'),
    bytes: pick('gateway_bytes_sent_total'),
    polls: pick('gateway_topic_polls_total'),
    conflations: pick('gateway_conflations_total'),
  };
}

/** The recorded delta frames (ops etc.), replayed in a loop, one per second. */
function recordedFrames(): Record<string, unknown>[] {
  const list = JSON.parse(readFileSync(arg, 'utf8')) as Record<string, unknown>[];
  if (list.length === 0) throw new Error('no recorded frames');
  return list;
}

async function main(): Promise<void> {
  if (role === 'sim') {
    const { startSim } = await import('@sportsbook/upstream-sim');
    const live = Number(arg) || 500;
    const sim = await startSim({ clock: 'real', world: { liveMatches: live, todayMatches: 20, earlyMatches: 20 } });
    statsExtra = async () => {
      const text = await sim.app.sim.metrics.registry.metrics();
      const m = /upstream_sim_calls_total\{call="uxmarket"[^}]*\} (\d+)/.exec(text);
      return { uxmarket: Number(m?.[1] ?? 0) };
    };
    send({ ready: true, url: sim.url });
  } else if (role === 'gateway') {
    const { startGateway } = await import('@sportsbook/gateway');
    const gw = await startGateway({
      upstreamUrl: arg,
      webDist: undefined,
      pollIntervalMs: 1000,
      warmTopics: ['odds/1/hdpou/live'],
      feed: { framesPerSecond: 50, frameBurst: 100 },
    });
    statsExtra = async () => gatewayCounters(await gw.app.metrics.metrics());
    send({ ready: true, url: gw.wsUrl });
  } else if (role === 'ws') {
    const list = recordedFrames();
    const wss = new WebSocketServer({ port: 0, host: '0.0.0.0', perMessageDeflate: false });
    await new Promise((r) => wss.once('listening', r));
    let i = 0;
    setInterval(() => {
      const frame = { ...list[i++ % list.length], pt: Date.now() };
      const buf = Buffer.from(JSON.stringify(frame));
      for (const client of wss.clients) {
        client.send(buf, { binary: false, compress: false, fin: true });
        frames++;
        bytes += buf.length;
      }
    }, 1000);
    send({ ready: true, url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}` });
  } else if (role === 'socketio') {
    const list = recordedFrames();
    const http = createServer();
    const io = new SocketIoServer(http, { transports: ['websocket'], perMessageDeflate: false, serveClient: false });
    await new Promise<void>((r) => http.listen(0, '0.0.0.0', r));
    let i = 0;
    setInterval(() => {
      const frame = { ...list[i++ % list.length], pt: Date.now() };
      io.emit('m', frame);
      const n = io.engine.clientsCount;
      frames += n;
      // Socket.IO's own packet: 42["m",<frame>].
      bytes += n * (JSON.stringify(frame).length + 8);
    }, 1000);
    send({ ready: true, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` });
  }

  process.on('message', async (msg: { cmd: string }) => {
    if (msg.cmd === 'stats') {
      const cpu = process.cpuUsage();
      send({
        stats: {
          cpuMicros: cpu.user + cpu.system,
          rss: process.memoryUsage().rss,
          frames,
          bytes,
          ...(await statsExtra()),
        },
      });
    } else if (msg.cmd === 'exit') {
      process.exit(0);
    }
  });
}

await main();
