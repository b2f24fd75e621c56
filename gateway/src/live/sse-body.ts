import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Frame, Writable } from './sse-writer.js';

const CRLF = Buffer.from('\r\n');

/** HTTP/1.1 chunks of the shared event frames, made once per frame. */
const chunks = new WeakMap<Uint8Array, Buffer>();

/** A frame as one chunk of a chunked body: its length in hex, the frame, CRLF. */
function chunkOf(frame: Frame): Buffer {
  const shared = typeof frame === 'string' ? undefined : frame;
  let chunk = shared && chunks.get(shared);
  if (chunk) return chunk;
  const bytes = typeof frame === 'string' ? Buffer.from(frame) : frame;
  chunk = Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, CRLF]);
  if (shared) chunks.set(shared, chunk);
  return chunk;
}

/** Sockets written to in this turn of the event loop, uncorked together once it ends. */
const corked = new Set<Socket>();

function uncorkAll(): void {
  for (const socket of corked) socket.uncork();
  corked.clear();
}

function corkForThisTurn(socket: Socket): void {
  if (corked.has(socket)) return;
  socket.cork();
  if (corked.size === 0) process.nextTick(uncorkAll);
  corked.add(socket);
}

/**
 * Where an SSE response's frames go once its head is out: straight to its socket as chunks
 * made once per event for every stream it goes to, rather than through the response, which
 * frames each write anew and schedules an uncork of its own per socket. The frames of one
 * turn (a burst the hub relays at once) leave each socket in one write. A response that is
 * not chunked (an HTTP/1.0 client) is written as it is.
 */
export function sseBody(res: ServerResponse): Writable {
  const socket = res.socket;
  if (!socket || !res.chunkedEncoding) return res;
  return {
    write(frame) {
      corkForThisTurn(socket);
      return socket.write(chunkOf(frame));
    },
    once: (event, listener) => socket.once(event, listener),
  };
}
