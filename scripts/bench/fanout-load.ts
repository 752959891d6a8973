/**
 * A load process of the fan-out benchmark (forked by fanout.bench.ts): opens `count` clients from
 * one loopback source address and measures delivery latency (receipt time minus the frame's `pt`).
 * Kinds: `gateway` (hello + sub over wire protocol v1), `gateway2` (wire v2: clock anchors),
 * `gateway2z` (wire v2 with permessage-deflate offered), `ws` (the bare ceiling), `socketio`, and
 * `poll` (each client polls the upstream's uxmarket itself once a second, as the original client).
 * IPC: `{ cmd: 'start' }` resets the counters, `{ cmd: 'report' }` returns them.
 */
import { Agent, request } from 'undici';
import WebSocket from 'ws';

interface Args {
  kind: 'gateway' | 'gateway2' | 'gateway2z' | 'ws' | 'socketio' | 'poll';
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
/** Bytes of the first snapshot (the frame's text). */
let snapBytes = 0;
/** The sockets, to read what arrived on the wire (compressed, with websocket framing). */
const wsSockets: WebSocket[] = [];
const wireBytes = () =>
  wsSockets.reduce(
    (n, ws) => n + ((ws as unknown as { _socket?: { bytesRead: number } })._socket?.bytesRead ?? 0),
    0,
  );
let wireAtStart = 0;
const isGateway = args.kind === 'gateway' || args.kind === 'gateway2' || args.kind === 'gateway2z';

/** `pt` without parsing the whole frame: the client's CPU is not what is measured. */
function ptOf(text: string): number | undefined {
  const i = text.indexOf('"pt":');
  if (i < 0) return undefined;
  return Number.parseInt(text.slice(i + 5, i + 20), 10);
}

function onFrame(text: string): void {
  const now = Date.now();
  if (text.startsWith('{"t":"snap"')) {
    snaps++;
    if (snapBytes === 0) snapBytes = text.length;
  }
  if (!measuring) return;
  const pt = ptOf(text);
  if (pt === undefined) return;
  frames++;
  bytes += text.length;
  latencies.push(now - pt);
}

function openWs(i: number): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(args.url, {
      localAddress: args.localAddress,
      perMessageDeflate: args.kind === 'gateway2z',
    });
    wsSockets.push(ws);
    ws.on('open', () => {
      if (isGateway) {
        const v = args.kind === 'gateway' ? 1 : 2;
        ws.send(JSON.stringify({ op: 'hello', v, account_id: args.accountId, session_token: args.token }));
        ws.send(JSON.stringify({ op: 'sub', id: 1, topic: args.topic }));
      } else {
        resolve();
      }
    });
    ws.on('message', (data) => {
      const text = data.toString();
      if (isGateway && text.startsWith('{"t":"snap"')) resolve();
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

/**
 * A Socket.IO client speaking the protocol over a bare `ws` socket (Engine.IO v4 + Socket.IO v5):
 * `40` joins the default namespace, `2` pings are answered `3`, and each event arrives as
 * `42["m",{...}]`, read with the same `pt` scan as the other kinds. socket.io-client would parse
 * every 20 KB frame for every client, and at 5,000 clients the load processes' own JSON parsing
 * starved them until connects timed out: the row measured the load generator, not the server.
 */
function openSocketIo(): Promise<void> {
  return new Promise((resolve) => {
    const url = `${args.url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    const ws = new WebSocket(url, { localAddress: args.localAddress, perMessageDeflate: false });
    ws.on('message', (data) => {
      const text = data.toString();
      if (text.startsWith('42')) {
        if (measuring) {
          const pt = ptOf(text);
          if (pt === undefined) return;
          frames++;
          bytes += text.length;
          latencies.push(Date.now() - pt);
        }
      } else if (text === '2') {
        ws.send('3');
      } else if (text.startsWith('0')) {
        ws.send('40');
      } else if (text.startsWith('40')) {
        resolve();
      }
    });
    ws.on('close', (code) => {
      closes.set(code, (closes.get(code) ?? 0) + 1);
      resolve();
    });
    ws.on('error', () => {
      errors++;
      resolve();
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
      wireAtStart = wireBytes();
      measuring = true;
    } else if (msg.cmd === 'report') {
      measuring = false;
      pollStopped = true;
      process.send?.({
        report: {
          latencies,
          frames,
          bytes,
          wire: wireBytes() - wireAtStart,
          snapBytes,
          pollCalls,
          errors,
          snaps,
          closes: Object.fromEntries(closes),
        },
      });
    } else if (msg.cmd === 'exit') {
      process.exit(0);
    }
  });
}

await main();
