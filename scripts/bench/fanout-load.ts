/**
 * A load process of the fan-out benchmark (forked by fanout.bench.ts): opens `count` clients from
 * one loopback source address and measures delivery latency (receipt time minus the frame's `pt`).
 * Kinds: `gateway` (hello + sub over wire protocol v1), `ws` (the bare ceiling), `socketio`, and
 * `poll` (each client polls the upstream's uxmarket itself once a second, as the original client).
 * IPC: `{ cmd: 'start' }` resets the counters, `{ cmd: 'report' }` returns them.
 */
import { io, type Socket } from 'socket.io-client';
import { Agent, request } from 'undici';
import WebSocket from 'ws';

interface Args {
  kind: 'gateway' | 'ws' | 'socketio' | 'poll';
  url: string;
  count: number;
  localAddress: string;
  accountId?: string;
  token?: string;
  topic?: string;
}

const args = JSON.parse(process.argv[2] ?? '{}') as Args;
let latencies: number[] = [];
let frames = 0;
let bytes = 0;
let snaps = 0;
let errors = 0;
let measuring = false;
const closes = new Map<number, number>();

/** `pt` without parsing the whole frame: the client's CPU is not what is measured. */
function ptOf(text: string): number | undefined {
  const i = text.indexOf('"pt":');
  if (i < 0) return undefined;
  return Number.parseInt(text.slice(i + 5, i + 20), 10);
}

function onFrame(text: string): void {
  const now = Date.now();
  if (text.startsWith('{"t":"snap"')) snaps++;
  if (!measuring) return;
  const pt = ptOf(text);
  if (pt === undefined) return;
  frames++;
  bytes += text.length;
  latencies.push(now - pt);
}

function openWs(i: number): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(args.url, { localAddress: args.localAddress, perMessageDeflate: false });
    ws.on('open', () => {
      if (args.kind === 'gateway') {
        ws.send(JSON.stringify({ op: 'hello', v: 1, account_id: args.accountId, session_token: args.token }));
        ws.send(JSON.stringify({ op: 'sub', id: 1, topic: args.topic }));
      } else {
        resolve();
      }
    });
    ws.on('message', (data) => {
      const text = data.toString();
      if (args.kind === 'gateway' && text.startsWith('{"t":"snap"')) resolve();
      onFrame(text);
    });
    ws.on('close', (code) => {
      closes.set(code, (closes.get(code) ?? 0) + 1);
      resolve();
    });
    ws.on('error', () => {
      errors++;
      resolve();
    });
    void i;
  });
}

const sockets: Socket[] = [];
function openSocketIo(): Promise<void> {
  return new Promise((resolve) => {
    // localAddress reaches engine.io's ws transport in Node (the server has compression off).
    const options = { transports: ['websocket'], reconnection: false, localAddress: args.localAddress };
    const s = io(args.url, options);
    sockets.push(s);
    s.on('connect', () => resolve());
    s.on('connect_error', () => {
      errors++;
      resolve();
    });
    s.on('m', (frame: { pt: number }) => {
      if (!measuring) return;
      frames++;
      latencies.push(Date.now() - frame.pt);
    });
  });
}

let pollCalls = 0;
let pollStopped = false;
async function pollLoop(agent: Agent): Promise<void> {
  while (!pollStopped) {
    const started = Date.now();
    try {
      const res = await request(`${args.url}/odds/uxmarket`, {
        method: 'POST',
        dispatcher: agent,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sport_id: 1, market_type: 'hdpou', group: 'live' }),
      });
      const text = await res.body.text();
      if (measuring) {
        pollCalls++;
        bytes += text.length;
        latencies.push(Date.now() - started);
      }
    } catch {
      errors++;
    }
    const wait = started + 1000 - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}

async function main(): Promise<void> {
  if (args.kind === 'poll') {
    const agent = new Agent({
      connections: args.count,
      localAddress: args.localAddress,
      keepAliveTimeout: 30_000,
    });
    for (let i = 0; i < args.count; i++) void pollLoop(agent);
  } else {
    // In batches: a connect storm of thousands at once mostly measures the accept queue.
    for (let i = 0; i < args.count; i += 100) {
      const batch = Array.from({ length: Math.min(100, args.count - i) }, (_, j) =>
        args.kind === 'socketio' ? openSocketIo() : openWs(i + j),
      );
      await Promise.all(batch);
    }
  }
  process.on('disconnect', () => process.exit(0));
  process.send?.({ ready: true, snaps, errors });
  process.on('message', (msg: { cmd: string }) => {
    if (msg.cmd === 'start') {
      latencies = [];
      frames = 0;
      bytes = 0;
      pollCalls = 0;
      measuring = true;
    } else if (msg.cmd === 'report') {
      measuring = false;
      pollStopped = true;
      process.send?.({
        report: { latencies, frames, bytes, pollCalls, errors, snaps, closes: Object.fromEntries(closes) },
      });
    } else if (msg.cmd === 'exit') {
      process.exit(0);
    }
  });
}

await main();
