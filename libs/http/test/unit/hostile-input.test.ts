import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type ErrorShape } from '@momentum/contracts';
import { injectAs, userActor } from '@momentum/testing';
import { sampleApp } from '../support/sample-app.js';
import { hostileBody, hostileQuery, type HostileBody } from '@momentum/testing/hostile';

/**
 * Whatever a client sends to a service built with createServiceApp + defineRoute, the
 * answer is never a 5xx and every error is in the service's shape with a catalogued code.
 */
const apps = { A: sampleApp({ shape: 'A' }), B: sampleApp({ shape: 'B' }) };
const prefix = { A: '/api/things', B: '/api/agents' };
const actor = userActor();
const tried = { body: 0, query: 0 };
afterAll(async () => {
  console.log(
    `hostile input: ${tried.body} bodies and ${tried.query} query strings tried against a service app`,
  );
  await Promise.all([apps.A.close(), apps.B.close()]);
});

export function expectWellFormed(
  shape: ErrorShape,
  status: number,
  text: string,
  context: string,
): void {
  expect(status, context).toBeLessThan(500);
  const body = JSON.parse(text);
  if (status < 400) return;
  if (shape === 'B') {
    expect(body, context).toEqual({ statusCode: status, message: expect.any(String) });
    return;
  }
  expect(Object.keys(body), context).toEqual(['error']);
  const { code, message, details } = body.error;
  expect(ErrorCodes[code as keyof typeof ErrorCodes], context).toBe(status);
  expect(typeof message, context).toBe('string');
  if (status === 422) expect(typeof details.field, context).toBe('string');
}

const send = (shape: ErrorShape, input: HostileBody) =>
  injectAs(apps[shape], actor, {
    method: 'POST',
    url: prefix[shape],
    headers: input.contentType ? { 'content-type': input.contentType } : {},
    payload: input.payload,
  });

describe('hostile input against a service app', () => {
  it('bodies: wrong types, huge/empty strings, deep nesting, NUL and odd Unicode, __proto__, Mongo operators', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<ErrorShape>('A', 'B'),
        hostileBody(),
        async (shape, input) => {
          tried.body++;
          const res = await send(shape, input);
          expectWellFormed(shape, res.statusCode, res.body, input.payload.slice(0, 200));
          if (res.statusCode === 201) {
            // Only a valid task-like body gets through, and nothing but its fields.
            expect(
              Object.keys(res.json().data).every((k) =>
                ['id', 'type', 'title', 'notes', 'tags', 'schedule', 'config'].includes(k),
              ),
            ).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('query strings: ?status[$ne]=x, repeated keys, operators, bad numbers, bad percent-encoding', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<ErrorShape>('A', 'B'),
        hostileQuery(),
        async (shape, query) => {
          tried.query++;
          const res = await injectAs(apps[shape], actor, {
            method: 'GET',
            url: `${prefix[shape]}?${query}`,
          });
          expectWellFormed(shape, res.statusCode, res.body, query.slice(0, 200));
          if (res.statusCode === 200) {
            const { meta } = res.json();
            expect(meta.page).toBeGreaterThanOrEqual(1);
            expect(meta.perPage).toBeGreaterThanOrEqual(1);
            expect(meta.perPage).toBeLessThanOrEqual(100);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('named cases answer exactly', async () => {
    const operator = await injectAs(apps.A, actor, {
      method: 'GET',
      url: '/api/things?status[$ne]=x',
    });
    expect(operator.statusCode).toBe(422);
    expect(operator.json().error.details).toEqual({ field: 'status[$ne]', rule: 'unknown_field' });
    const gt = await send('A', {
      payload: JSON.stringify({ type: 'todo', title: { $gt: '' } }),
      contentType: 'application/json',
    });
    expect(gt.json().error.details).toEqual({ field: 'title', rule: 'type', expected: 'string' });
    const proto = await send('A', {
      payload: '{"type":"todo","title":"t","__proto__":{"isAdmin":true}}',
      contentType: 'application/json',
    });
    expect(proto.statusCode).toBe(400);
    const repeated = await injectAs(apps.A, actor, {
      method: 'GET',
      url: '/api/things?status=todo&status=done',
    });
    expect(repeated.statusCode).toBe(200);
    // An undecodable path is answered by Fastify itself, still in the service's shape.
    const badA = await injectAs(apps.A, actor, { method: 'GET', url: '/api/things/%E0%A4%A' });
    expect(badA.statusCode).toBe(400);
    expect(badA.json()).toEqual({ error: { code: 'BAD_REQUEST', message: expect.any(String) } });
    const badB = await injectAs(apps.B, actor, { method: 'GET', url: '/api/agents/%E0%A4%A' });
    expect(badB.json()).toEqual({ statusCode: 400, message: expect.any(String) });
  });
});
