import { z } from 'zod';
import { IssueStatuses, type ErrorShape } from '@momentum/contracts';
import { createServiceApp } from '../../src/app.js';
import { loggerOptions } from '@momentum/telemetry';
import { defineRoute } from '../../src/route.js';
import { TEST_SECRET } from '@momentum/testing';

export const ThingBody = z
  .strictObject({
    type: z.enum(['habit', 'daily', 'todo']),
    title: z.string().min(1).max(200),
    notes: z.string().max(2000).optional(),
    tags: z.array(z.string().max(50)).max(20).optional(),
    schedule: z.strictObject({ days: z.array(z.number().int().min(0).max(6)).max(7) }).optional(),
    config: z.record(z.string(), z.unknown()).optional(),
  })
  .refine((b) => b.type !== 'daily' || b.schedule !== undefined, {
    message: 'schedule is required for dailies',
    path: ['schedule'],
    params: { rule: 'required_for_dailies' },
  });

export const ThingQuery = z.strictObject({
  status: z.enum(IssueStatuses).optional(),
  q: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * A small service built exactly like the real ones (createServiceApp + defineRoute),
 * with a body and a query schema, a route that throws, and one that logs its headers.
 */
export function sampleApp(
  options: { shape?: ErrorShape; logStream?: { write(line: string): void } } = {},
) {
  const app = createServiceApp({
    name: 'sample',
    internalSecret: TEST_SECRET,
    errorShape: options.shape ?? 'A',
    logger: options.logStream ? { ...loggerOptions('trace'), stream: options.logStream } : false,
  });
  const prefix = options.shape === 'B' ? '/api/agents' : '/api/things';
  defineRoute(
    app,
    { method: 'POST', url: prefix, summary: 'create', body: ThingBody, response: { status: 201 } },
    async ({ body }) => ({ data: { id: 'fixed-id', ...body } }),
  );
  defineRoute(
    app,
    { method: 'GET', url: prefix, summary: 'list', query: ThingQuery },
    async ({ query }) => ({
      data: [],
      meta: { total: 0, page: query.page, perPage: query.limit },
    }),
  );
  defineRoute(app, { method: 'GET', url: `${prefix}/boom`, summary: 'fails' }, async () => {
    throw new Error('boom: cannot open /etc/momentum/db.conf');
  });
  defineRoute(
    app,
    { method: 'GET', url: `${prefix}/log-headers`, summary: 'logs' },
    async ({ request }) => {
      request.log.info(
        { headers: request.headers, req: { headers: request.headers } },
        'headers as received',
      );
      return { data: 'ok' };
    },
  );
  return app;
}
