/**
 * Pre-framed broadcast: a delta goes to thousands of sockets as the same
 * bytes, so its websocket frame (RFC 6455 section 5.2: FIN, text opcode, unmasked as a server's
 * frames are, the payload length, the payload) is built once and written to each socket in one
 * `write`. `ws.send` would, per socket, build two option objects and a header buffer and write
 * header and payload as two chunks (cork, write, write, uncork).
 *
 * The direct write is used only where `ws.send` would write the same bytes at once: the socket is
 * open and negotiated no extension (with permessage-deflate a message may be compressed, and
 * `ws` may queue sends behind a compression in progress, so order would not hold). Anywhere else,
 * and for any other kind of socket (tests' fakes), `send` is called as before. Either way the bytes
 * count in `bufferedAmount` (the socket's writable length), which the lagging check reads.
 */
import type { Duplex } from 'node:stream';
import { WebSocket } from 'ws';

/** The whole websocket text frame of `payload`, as a server sends it. */
export function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + n);
  out[0] = 0x81; // FIN + opcode 1 (text)
  if (n < 126) {
    out[1] = n;
  } else if (n < 65536) {
    out[1] = 126;
    out.writeUInt16BE(n, 2);
  } else {
    out[1] = 127;
    out.writeUInt32BE(Math.floor(n / 2 ** 32), 2);
    out.writeUInt32BE(n >>> 0, 6);
  }
  payload.copy(out, head);
  return out;
}

/** A socket the hub writes to: a `ws` WebSocket in the gateway, anything with `send` in tests. */
export interface FrameSocket {
  send(data: Buffer, options: object, cb?: never): void;
}

/**
 * Sends `payload` as one text message: `frame` (textFrame of the same payload, built once per
 * broadcast by the caller) in one write when the socket allows it, else `send`.
 */
export function sendFramed(socket: FrameSocket, payload: Buffer, frame: Buffer, options: object): void {
  if (socket instanceof WebSocket && socket.readyState === WebSocket.OPEN) {
    const raw = plainSocket(socket);
    if (raw?.writable) {
      raw.write(frame);
      return;
    }
  }
  socket.send(payload, options);
}

/**
 * An open socket's transport when it negotiated no extension, else null; asked once per socket
 * (the extensions are settled by the handshake, and `ws`'s `extensions` getter builds a string).
 */
const plain = new WeakMap<WebSocket, Duplex | null>();
function plainSocket(socket: WebSocket): Duplex | null {
  let raw = plain.get(socket);
  if (raw === undefined) {
    raw = socket.extensions === '' ? ((socket as unknown as { _socket?: Duplex })._socket ?? null) : null;
    plain.set(socket, raw);
  }
  return raw;
}
