import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@momentum/contracts';
import { hostileBody, hostileQuery } from '@momentum/testing/hostile';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

/**
 * The gateway parses and re-sends the bodies of the shared /api/tasks family (to route
 * them). Whatever a client sends there: never a 5xx, its own errors in shape A, and a
 * body it forwards is the very JSON value the client sent.
 */
let gw: TestGateway;
let auth: string;
const tried = { body: 0, query: 0 };

beforeAll(async () => {
  gw = await startTestGateway();
  auth = `Bearer ${await gw.keyring.add(userActor('u1'))}`;
});
afterAll(async () => {
  console.log(
    `hostile input: ${tried.body} bodies and ${tried.query} query strings tried against the gateway`,
  );
  await gw.close();
});

function expectShapeA(status: number, text: string, context: string) {
  expect(status, context).toBeLessThan(500);
  if (status < 400) return;
  const body = JSON.parse(text);
  expect(Object.keys(body), context).toEqual(['error']);
  expect(ErrorCodes[body.error.code as keyof typeof ErrorCodes], context).toBe(status);
}

const parsesTo = (text: string) => {
  try {
    // Fastify, like most JSON readers, skips a leading byte-order mark.
    return {
      ok: true as const,
      value: JSON.parse(JSON.stringify(JSON.parse(text.replace(/^\uFEFF/, '')))),
    };
  } catch {
    return { ok: false as const };
  }
};

const pairsOf = (url: string) => [
  ...new URLSearchParams(url.slice(url.indexOf('?') + 1 || url.length)),
];

describe('hostile input through the gateway', () => {
  it('bodies on POST /api/tasks and PATCH /api/tasks/:id/comments/:c', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('POST /api/tasks', 'PATCH /api/tasks/i1/comments/c1'),
        hostileBody(),
        async (route, input) => {
          tried.body++;
          const [method, url] = route.split(' ') as ['POST' | 'PATCH', string];
          const before = gw.seen.length;
          const res = await gw.app.inject({
            method,
            url,
            headers: {
              authorization: auth,
              ...(input.contentType ? { 'content-type': input.contentType } : {}),
            },
            payload: input.payload,
          });
          const context = `${route} ${input.contentType} ${input.payload.slice(0, 200)}`;
          expectShapeA(res.statusCode, res.body, context);
          const forwarded = gw.seen.length > before ? gw.seen.at(-1)! : null;
          if (
            !forwarded ||
            !/^application\/json/i.test(input.contentType ?? '') ||
            input.payload.trim() === ''
          )
            return;
          const sent = parsesTo(input.payload);
          expect(sent.ok, context).toBe(true);
          // A top-level JSON null is forwarded as no body at all.
          if (sent.ok)
            expect(JSON.parse(forwarded.body === '' ? 'null' : forwarded.body), context).toEqual(
              sent.value,
            );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('query strings on GET /api/tasks reach the service exactly as sent', async () => {
    await fc.assert(
      fc.asyncProperty(hostileQuery(), async (query) => {
        tried.query++;
        const url = `/api/tasks?${query}`;
        const res = await gw.app.inject({ method: 'GET', url, headers: { authorization: auth } });
        expectShapeA(res.statusCode, res.body, query);
        // Compared as parsed pairs: characters a client should have encoded (a space)
        // may be encoded on the way, and a bare `?` may go; the pairs stay the same.
        if (res.statusCode === 200)
          expect(pairsOf(res.json().data.url), query).toEqual(pairsOf(url));
      }),
      { numRuns: 300 },
    );
  });

  it('falsy and string JSON bodies are forwarded as sent (no hang, no unquoting)', async () => {
    for (const payload of ['0', 'false', '""', '"abc"', '[]']) {
      const res = await gw.app.inject({
        method: 'POST',
        url: '/api/tasks',
        headers: { authorization: auth, 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(201);
      expect(gw.seen.at(-1)!.body, payload).toBe(payload);
    }
  });

  it('malformed percent-encoding and dot segments are never a 5xx', async () => {
    for (const url of [
      '/api/tasks?q=%',
      '/api/tasks/search?q=%E0%A4%A',
      '/api/tasks/x/complete?a=%zz',
      '/api/tasks/%E0%A4%A',
      '/api/tasks/%2e%2e/complete',
      '/api/tasks/..%2f..%2finternal',
    ]) {
      const res = await gw.app.inject({ method: 'GET', url, headers: { authorization: auth } });
      expectShapeA(res.statusCode, res.body, url);
    }
  });
});
