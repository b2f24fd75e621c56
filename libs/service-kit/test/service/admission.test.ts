import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { installAdmission } from '../../src/admission.js';
import { installErrorHandler } from '../../src/error-handler.js';
import { eventually } from '../../src/testing.js';

/** An app whose /slow/:n answers when `finish(n)` is called; order of starts recorded. */
function appWith(maxInFlight: number, maxQueued: number) {
  const app = Fastify({ forceCloseConnections: true });
  installErrorHandler(app, () => 'A');
  installAdmission(app, { maxInFlight, maxQueued, exempt: (path) => path === '/health' });
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  app.get<{ Params: { n: string } }>('/slow/:n', async (request) => {
    started.push(request.params.n);
    await new Promise<void>((resolve) => finishers.set(request.params.n, resolve));
    return { n: request.params.n };
  });
  app.get('/health', async () => ({ ok: true }));
  const finish = (n: string) => finishers.get(n)!();
  return { app, started, finish };
}

const tick = () => new Promise((r) => setTimeout(r, 10));
/** Waits (on a busy machine, a while) until the handlers started are `want`, then a tick more. */
const startedBecome = async (started: string[], want: string[]) => {
  await eventually(async () => JSON.stringify(started) === JSON.stringify(want)).catch(() => {});
  await tick();
};
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('admission control', () => {
  it('works on maxInFlight requests, lets the next wait in arrival order, refuses past the queue', async () => {
    const { app, started, finish } = appWith(2, 2);
    close = () => app.close();
    const replies = ['1', '2', '3', '4'].map((n) => app.inject({ url: `/slow/${n}` }));
    await startedBecome(started, ['1', '2']);
    expect(started).toEqual(['1', '2']);
    const refused = await app.inject({ url: '/slow/5' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'Too many requests in progress; retry shortly',
      },
    });
    // Health is let through while every slot is taken.
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    finish('2');
    await startedBecome(started, ['1', '2', '3']);
    expect(started).toEqual(['1', '2', '3']);
    finish('1');
    await startedBecome(started, ['1', '2', '3', '4']);
    expect(started).toEqual(['1', '2', '3', '4']);
    finish('3');
    finish('4');
    const bodies = (await Promise.all(replies)).map((r) => r.json().n);
    expect(bodies).toEqual(['1', '2', '3', '4']);
    // All slots are free again.
    const again = ['6', '7'].map((n) => app.inject({ url: `/slow/${n}` }));
    await startedBecome(started, ['1', '2', '3', '4', '6', '7']);
    expect(started.slice(-2)).toEqual(['6', '7']);
    finish('6');
    finish('7');
    await Promise.all(again);
  });

  it('gives the slot back when the client goes away, answered or not', async () => {
    const { app, started, finish } = appWith(1, 5);
    close = () => app.close();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const gone = new AbortController();
    const first = fetch(`${base}/slow/a`, { signal: gone.signal }).catch(() => 'aborted');
    await startedBecome(started, ['a']);
    expect(started).toEqual(['a']);
    gone.abort();
    expect(await first).toBe('aborted');
    const second = fetch(`${base}/slow/b`);
    await startedBecome(started, ['a', 'b']);
    expect(started).toEqual(['a', 'b']);
    finish('a');
    finish('b');
    expect(await (await second).json()).toEqual({ n: 'b' });
  });

  it('checks its options once, at registration', () => {
    const app = Fastify();
    expect(() => installAdmission(app, { maxInFlight: 0, maxQueued: 1 })).toThrow(/maxInFlight/);
    expect(() => installAdmission(app, { maxInFlight: 2, maxQueued: -1 })).toThrow(/maxQueued/);
    expect(() => installAdmission(app, { maxInFlight: 1.5, maxQueued: 1 })).toThrow(/maxInFlight/);
  });
});
