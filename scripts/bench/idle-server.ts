/**
 * The idle benchmark's baseline server (forked by idle.bench.ts): a bare `ws` server that accepts
 * connections and holds them, sending nothing. It answers the same IPC `stats` command as
 * fanout-server.ts, so the two rows are read the same way.
 */
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ port: 0, host: '0.0.0.0', perMessageDeflate: false, backlog: 4096 });
await new Promise((r) => wss.once('listening', r));
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
process.on('message', (msg: { cmd: string }) => {
  if (msg.cmd === 'stats') {
    const cpu = process.cpuUsage();
    process.send?.({
      stats: { cpuMicros: cpu.user + cpu.system, rss: process.memoryUsage().rss, frames: 0, bytes: 0 },
    });
  }
});
process.send?.({ ready: true, url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}` });
