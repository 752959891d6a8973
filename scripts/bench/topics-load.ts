/**
 * One load process of topics.bench.ts: opens the sockets it is given (wire v2, hello with the
 * client's own session, then `sub` of its topics), a few hundred at a time, from the source
 * address it is given; counts snapshots, deltas and closes. IPC: `{ cmd: 'stats' }`.
 */
import WebSocket from 'ws';

interface Client {
  accountId: string;
  token: string;
  topics: string[];
}
interface Start {
  url: string;
  localAddress: string;
  clients: Client[];
}

let snaps = 0;
let deltas = 0;
let errors = 0;
const closes: Record<string, number> = {};
const sockets: WebSocket[] = [];

function open(url: string, localAddress: string, c: Client): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { localAddress, perMessageDeflate: false });
    sockets.push(ws);
    let pending = c.topics.length;
    ws.on('open', () => {
      ws.send(JSON.stringify({ op: 'hello', v: 2, account_id: c.accountId, session_token: c.token }));
      for (const [i, topic] of c.topics.entries()) {
        ws.send(JSON.stringify({ op: 'sub', id: i + 1, topic }));
      }
    });
    ws.on('message', (data: Buffer) => {
      // The frame kind is in the first bytes: {"t":"snap"... or {"t":"delta"...
      const head = data.subarray(0, 12).toString();
      if (head.includes('"snap"')) {
        snaps++;
        if (--pending === 0) resolve();
      } else if (head.includes('"delta"')) deltas++;
      else if (head.includes('"err"')) {
        errors++;
        if (--pending === 0) resolve();
      }
    });
    ws.on('error', () => {
      errors++;
      resolve();
    });
    ws.on('close', (code) => {
      closes[code] = (closes[code] ?? 0) + 1;
      resolve();
    });
  });
}

process.on('message', async (msg: { cmd: string } & Partial<Start>) => {
  if (msg.cmd === 'start') {
    const { url, localAddress, clients } = msg as Start;
    for (let i = 0; i < clients.length; i += 200) {
      await Promise.all(clients.slice(i, i + 200).map((c) => open(url, localAddress, c)));
    }
    process.send?.({ ready: { snaps, errors } });
  } else if (msg.cmd === 'stats') {
    process.send?.({
      stats: { snaps, deltas, errors, closes, open: sockets.filter((s) => s.readyState === 1).length },
    });
  }
});
process.on('disconnect', () => process.exit(0));
