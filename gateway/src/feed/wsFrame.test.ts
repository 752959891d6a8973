import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import * as wsModule from 'ws';
import { WebSocket, WebSocketServer } from 'ws';
import { sendFramed, textFrame } from './wsFrame.ts';

const opts = { binary: false, compress: false, fin: true };
const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    for (const c of s.clients) c.terminate();
    await new Promise((r) => s.close(r));
  }
});

/** A real ws server and client on loopback: the server side's socket and the client's messages. */
async function pair(perMessageDeflate = false) {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate });
  servers.push(wss);
  await new Promise((r) => wss.once('listening', r));
  const server = new Promise<WebSocket>((r) => wss.once('connection', r));
  const client = new WebSocket(`ws://127.0.0.1:${(wss.address() as AddressInfo).port}`, {
    perMessageDeflate,
  });
  const received: string[] = [];
  client.on('message', (data, isBinary) => {
    expect(isBinary).toBe(false);
    received.push(String(data));
  });
  await new Promise((r) => client.once('open', r));
  return { socket: await server, client, received };
}

describe('pre-framed sends', () => {
  it('a real ws client reads each frame as the payload, at every length encoding, in order with send', async () => {
    const { socket, received } = await pair();
    const sizes = [0, 1, 125, 126, 127, 65535, 65536, 200_000];
    const payloads = sizes.map((n, i) =>
      Buffer.from('x'.repeat(n).replace(/^x?/, n > 0 ? String(i % 10) : '')),
    );
    const expected: string[] = [];
    for (const p of payloads) {
      sendFramed(socket, p, textFrame(p), opts);
      socket.send('between', opts);
      expected.push(p.toString(), 'between');
    }
    await expect.poll(() => received.length, { timeout: 2000, interval: 5 }).toBe(expected.length);
    expect(received).toEqual(expected);
  });

  it('frames exactly as ws does for the same payload', () => {
    for (const n of [0, 5, 125, 126, 65535, 65536, 70_000]) {
      const payload = Buffer.alloc(n, 97);
      const { Sender } = wsModule as unknown as { Sender: { frame(d: Buffer, o: object): Buffer[] } };
      const list = Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: true, rsv1: false });
      expect(textFrame(payload).equals(Buffer.concat(list))).toBe(true);
    }
  });

  it('with permessage-deflate negotiated it sends through ws (compressed), and the client still reads it', async () => {
    const { socket, received } = await pair(true);
    expect(socket.extensions).toContain('permessage-deflate');
    const payload = Buffer.from(
      JSON.stringify({ t: 'delta', ops: Array.from({ length: 200 }, (_, i) => i) }),
    );
    let sent = 0;
    const spy = {
      send: (data: Buffer, o: object) => {
        sent++;
        socket.send(data, o);
      },
    };
    // A socket that is not a ws WebSocket (a test fake, or any wrapper) always gets `send`.
    sendFramed(spy, payload, textFrame(payload), opts);
    sendFramed(socket, payload, textFrame(payload), { ...opts, compress: true });
    await expect.poll(() => received.length, { timeout: 2000, interval: 5 }).toBe(2);
    expect(sent).toBe(1);
    expect(received).toEqual([payload.toString(), payload.toString()]);
  });

  it('bytes written directly count in bufferedAmount (the lagging check reads it)', async () => {
    const { socket, client } = await pair();
    // The client stops reading: the server's writes back up in its socket.
    (client as unknown as { _socket: { pause(): void } })._socket.pause();
    const big = Buffer.alloc(4 * 1024 * 1024, 98);
    const frame = textFrame(big);
    for (let i = 0; i < 4; i++) sendFramed(socket, big, frame, opts);
    expect(socket.bufferedAmount).toBeGreaterThan(1024 * 1024);
  });

  it('after close it leaves the raw socket alone and lets ws handle the late send', async () => {
    const { socket } = await pair();
    const raw = (socket as unknown as { _socket: { write: (...a: unknown[]) => boolean } })._socket;
    const write = raw.write.bind(raw);
    let rawWrites = 0;
    raw.write = (...a: unknown[]) => {
      rawWrites++;
      return write(...a);
    };
    const payload = Buffer.from('now');
    sendFramed(socket, payload, textFrame(payload), opts);
    expect(rawWrites).toBe(1);
    socket.close();
    const before = rawWrites;
    expect(() => sendFramed(socket, payload, textFrame(payload), opts)).not.toThrow();
    expect(rawWrites).toBe(before);
  });
});
