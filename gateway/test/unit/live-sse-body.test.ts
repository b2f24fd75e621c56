import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sseBody } from '../../src/live/sse-body.js';
import { SseWriter } from '../../src/live/sse-writer.js';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** What a client reads of a response whose frames `write` puts through `sseBody`. */
async function readBody(write: (body: ReturnType<typeof sseBody>) => void): Promise<string> {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write('retry: 2000\n\n');
    write(sseBody(res));
    setTimeout(() => res.end(), 20);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ port, host: '127.0.0.1', agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve(text));
      })
      .on('error', reject);
  });
}

describe('live stream: the body written straight to the socket', () => {
  it('frames shared and own frames as chunks a client reads back exactly, in order', async () => {
    // Its length in bytes is not its length in characters.
    const shared = Buffer.from('id: 7\nevent: issue.updated\ndata: {"title":"Café ☕"}\n\n');
    const text = await readBody((body) => {
      // A burst in one turn, a shared frame twice, then a frame of a later turn.
      body.write(shared);
      body.write(': heartbeat\n\n');
      body.write(shared);
      setImmediate(() => body.write('id: 8\n\n'));
    });
    expect(text).toBe(
      `retry: 2000\n\n${shared.toString()}: heartbeat\n\n${shared.toString()}id: 8\n\n`,
    );
  });

  it('drops a client that stops reading once the queue is full, the socket pushing back', async () => {
    const frame = Buffer.from(`data: ${'x'.repeat(64 * 1024)}\n\n`);
    let dropped = 0;
    let paused: http.IncomingMessage | undefined;
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write('retry: 2000\n\n');
      const writer = new SseWriter(sseBody(res), 10, () => dropped++);
      // Far more than the socket buffers hold while the client reads nothing.
      const timer = setInterval(() => {
        for (let i = 0; i < 50; i++) writer.write(frame);
        if (dropped) {
          clearInterval(timer);
          res.destroy();
        }
      }, 5);
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    http.get({ port, host: '127.0.0.1', agent: false }, (res) => {
      paused = res;
      res.pause();
      res.on('error', () => undefined);
    });
    for (let i = 0; i < 200 && !dropped; i++) await new Promise((r) => setTimeout(r, 25));
    paused?.destroy();
    expect(dropped).toBe(1);
  });
});
