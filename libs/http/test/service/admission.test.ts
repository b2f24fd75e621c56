import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { admissionPlugin, type AdmissionOptions } from '../../src/admission.js';
import { errorHandlerPlugin } from '../../src/error-handler.js';
import { signActor } from '../../src/actor-header.js';
import { PUBLIC_ROUTE } from '../../src/route.js';
import { trackRouteMethods } from '../../src/server.js';
import { signedActorPlugin } from '../../src/signed-actor.js';
import { TEST_SECRET, eventually, userActor } from '@momentum/testing';
import { admissionRefusals } from '@momentum/telemetry';

/** A bare app with what admission depends on: errors and the signed-actor check. */
function bareApp() {
  const app = Fastify({ forceCloseConnections: true });
  trackRouteMethods(app, {});
  void app.register(errorHandlerPlugin, { shapeFor: () => 'A' });
  void app.register(signedActorPlugin, { internalSecret: TEST_SECRET });
  return app;
}

/** Signed as a user, as the gateway forwards a client's request. */
const asUser = (url: string) => signActor(userActor(), TEST_SECRET, { method: 'GET', url });

/** An app whose /slow/:n answers when `finish(n)` is called; order of starts recorded. */
function appWith(maxInFlight: number, maxQueued: number) {
  const app = bareApp();
  void app.register(admissionPlugin, { maxInFlight, maxQueued });
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  app.get<{ Params: { n: string } }>('/slow/:n', async (request) => {
    started.push(request.params.n);
    await new Promise<void>((resolve) => finishers.set(request.params.n, resolve));
    return { n: request.params.n };
  });
  app.get('/health', PUBLIC_ROUTE, async () => ({ ok: true }));
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
    const replies = ['1', '2', '3', '4'].map((n) =>
      app.inject({ url: `/slow/${n}`, headers: asUser(`/slow/${n}`) }),
    );
    await startedBecome(started, ['1', '2']);
    expect(started).toEqual(['1', '2']);
    const refusals = async () => (await admissionRefusals.get()).values[0]?.value ?? 0;
    const refusedBefore = await refusals();
    const refused = await app.inject({ url: '/slow/5', headers: asUser('/slow/5') });
    expect(refused.statusCode).toBe(503);
    expect(await refusals()).toBe(refusedBefore + 1); // admission_refusals_total
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'Too many requests in progress; retry shortly',
      },
    });
    // A public route (health) is let through while every slot is taken.
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
    const again = ['6', '7'].map((n) =>
      app.inject({ url: `/slow/${n}`, headers: asUser(`/slow/${n}`) }),
    );
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
    const first = fetch(`${base}/slow/a`, {
      signal: gone.signal,
      headers: asUser('/slow/a'),
    }).catch(() => 'aborted');
    await startedBecome(started, ['a']);
    expect(started).toEqual(['a']);
    gone.abort();
    expect(await first).toBe('aborted');
    const second = fetch(`${base}/slow/b`, { headers: asUser('/slow/b') });
    await startedBecome(started, ['a', 'b']);
    expect(started).toEqual(['a', 'b']);
    finish('a');
    finish('b');
    expect(await (await second).json()).toEqual({ n: 'b' });
  });

  it('lets a call between services (the system actor) through at once', async () => {
    const { app, started, finish } = appWith(1, 0);
    close = () => app.close();
    const busy = app.inject({ url: '/slow/user', headers: asUser('/slow/user') });
    await startedBecome(started, ['user']);
    expect(
      (await app.inject({ url: '/slow/other', headers: asUser('/slow/other') })).statusCode,
    ).toBe(503);
    const internal = app.inject({
      url: '/slow/system',
      headers: signActor(SYSTEM_ACTOR, TEST_SECRET, { method: 'GET', url: '/slow/system' }),
    });
    await startedBecome(started, ['user', 'system']);
    expect(started).toEqual(['user', 'system']);
    finish('system');
    finish('user');
    expect((await internal).statusCode).toBe(200);
    expect((await busy).statusCode).toBe(200);
  });

  it('checks its options once, at registration', async () => {
    const bad: AdmissionOptions[] = [
      { maxInFlight: 0, maxQueued: 1 },
      { maxInFlight: 2, maxQueued: -1 },
      { maxInFlight: 1.5, maxQueued: 1 },
    ];
    for (const options of bad) {
      const app = bareApp();
      const load = async () => {
        await app.register(admissionPlugin, options);
      };
      await expect(load()).rejects.toThrow(options.maxQueued < 0 ? /maxQueued/ : /maxInFlight/);
      await app.close();
    }
  });

  it('needs the signed-actor check registered before it', async () => {
    const app = Fastify();
    trackRouteMethods(app, {});
    await app.register(errorHandlerPlugin, { shapeFor: () => 'A' });
    const load = async () => {
      await app.register(admissionPlugin, { maxInFlight: 1, maxQueued: 1 });
    };
    await expect(load()).rejects.toThrow(/momentum-signed-actor/);
  });
});
