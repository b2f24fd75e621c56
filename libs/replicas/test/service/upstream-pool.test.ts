import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamPool, parseReplicaUrls } from '../../src/upstream-pool.js';
import { refusedUrl } from '@momentum/testing/ports';

/** A replica that answers its own name, or cuts the connection when `cut` says so. */
async function replica(name: string, port = 0, cut?: (req: http.IncomingMessage) => boolean) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${body}`);
      if (cut?.(req)) return req.socket.destroy();
      res.end(name);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { name, url, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/**
 * A replica that accepts connections and reads requests but never answers: a SIGSTOPped
 * process behind a listening socket looks the same from outside.
 */
async function stalledReplica() {
  const held: http.ServerResponse[] = [];
  const server = http.createServer((_req, res) => void held.push(res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const res of held) res.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const open: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
});

const ask = async (set: UpstreamPool, method: string, path: string, body?: string) => {
  const res = await set.request({ origin: set.origin, method, path, body });
  return res.body.text();
};

describe('UpstreamPool: requests over the replicas of a service', () => {
  it('parses a comma-separated list and refuses anything but origins', () => {
    expect(parseReplicaUrls('http://a:1, http://b:2/')).toEqual(['http://a:1', 'http://b:2']);
    expect(() => parseReplicaUrls('http://a:1/api')).toThrow(/origin only/);
    expect(() => parseReplicaUrls(' , ')).toThrow(/at least one/);
  });

  it('sends to each replica in turn', async () => {
    const [a, b] = await Promise.all([replica('a'), replica('b')]);
    const set = new UpstreamPool(`${a.url},${b.url}`);
    open.push(a, b, set);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await ask(set, 'GET', '/x'));
    expect(answers.filter((n) => n === 'a')).toHaveLength(5);
    expect(answers.filter((n) => n === 'b')).toHaveLength(5);
  });

  it('sends a write to the next replica when one refuses the connection, and skips it for a while', async () => {
    const a = await replica('a');
    const gone = await refusedUrl();
    const set = new UpstreamPool(`${gone},${a.url}`, { downMs: 60_000 });
    open.push(a, set);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => ask(set, 'POST', '/w', `body ${i}`)),
    );
    expect(answers).toEqual(Array(10).fill('a'));
    // Each write reached the replica that is up exactly once, with its body.
    expect(a.seen.sort()).toEqual(Array.from({ length: 10 }, (_, i) => `POST /w body ${i}`).sort());
    expect(set.up()).toEqual([a.url]);
  });

  it('tries a replica marked down again once its time is over', async () => {
    const gone = await refusedUrl();
    const a = await replica('a');
    const set = new UpstreamPool(`${gone},${a.url}`, { downMs: 200 });
    open.push(a, set);
    await ask(set, 'GET', '/x');
    expect(set.up()).toEqual([a.url]);
    const back = await replica('back', Number(new URL(gone).port));
    open.push(back);
    await new Promise((r) => setTimeout(r, 250));
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await ask(set, 'GET', '/x'));
    expect(answers.sort()).toEqual(['a', 'a', 'back', 'back']);
  });

  it('asks another replica again when a connection breaks under a read, never under a write', async () => {
    const cut = await replica('cut', 0, () => true);
    const b = await replica('b');
    const set = new UpstreamPool(`${cut.url},${b.url}`);
    open.push(cut, b, set);
    // Reads: whichever replica comes first, the answer is b's.
    expect(await ask(set, 'GET', '/r')).toBe('b');
    expect(await ask(set, 'GET', '/r')).toBe('b');
    // A write the cut replica received may have been applied: its error reaches the caller,
    // and no other replica gets it.
    const results = await Promise.allSettled([
      ask(set, 'POST', '/w', '1'),
      ask(set, 'POST', '/w', '2'),
    ]);
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    const posted = (s: string[]) => s.filter((l) => l.startsWith('POST'));
    expect(posted(cut.seen)).toHaveLength(1);
    expect(posted(b.seen)).toHaveLength(1);
  });

  it('asks the next replica for a read a stalled replica has not begun to answer, and skips it for a while', async () => {
    const stalled = await stalledReplica();
    const b = await replica('b');
    const set = new UpstreamPool(`${stalled.url},${b.url}`, { tryTimeoutMs: 200, downMs: 60_000 });
    open.push(b, set, stalled);
    const started = Date.now();
    // Half with an empty body, as reply-from sends every GET.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => ask(set, 'GET', '/r', i % 2 ? '' : undefined)),
    );
    expect(answers).toEqual(Array(6).fill('b'));
    // Each read waited at most one try on the stalled replica.
    expect(Date.now() - started).toBeLessThan(1500);
    expect(set.up()).toEqual([b.url]);
    // Once marked, reads go straight to the replica that answers.
    const quick = Date.now();
    expect(await ask(set, 'GET', '/r')).toBe('b');
    expect(Date.now() - quick).toBeLessThan(150);
  });

  it("leaves a read queued behind a stalled replica's busy connections for the next replica", async () => {
    const stalled = await stalledReplica();
    const b = await replica('b');
    // One connection per replica: the second read to the stalled one waits in its queue.
    const set = new UpstreamPool(`${stalled.url},${b.url}`, {
      tryTimeoutMs: 200,
      downMs: 0,
      connections: 1,
    });
    open.push(b, set, stalled);
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 4 }, () => ask(set, 'GET', '/q', '')));
    expect(answers).toEqual(Array(4).fill('b'));
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
