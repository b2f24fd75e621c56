import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DOCUMENT_PATH, type OpenApiDocument } from '@momentum/http';
import { DefaultPorts, type BaseConfig } from '@momentum/config';
import { connectService, type ServiceContext } from '@momentum/runtime';
import type { ServiceName } from '@momentum/contracts';
import { IdentityConfigSchema } from '../../../services/identity/src/config.js';
import { buildIdentityApp } from '../../../services/identity/src/app.js';
import { HabitsConfigSchema } from '../../../services/habits/src/config.js';
import { buildHabitsApp } from '../../../services/habits/src/app.js';
import { ProjectsConfigSchema } from '../../../services/projects/src/config.js';
import { buildProjectsApp } from '../../../services/projects/src/app.js';
import { IssuesConfigSchema } from '../../../services/issues/src/config.js';
import { buildIssuesApp } from '../../../services/issues/src/app.js';
import { AgentsConfigSchema } from '../../../services/agents/src/config.js';
import { buildAgentsApp } from '../../../services/agents/src/app.js';
import { WebhooksConfigSchema } from '../../../services/webhooks/src/config.js';
import { connectWebhooks } from '../../../services/webhooks/src/context.js';
import { buildWebhooksApp } from '../../../services/webhooks/src/app.js';
import { gatewayDocument } from '../../../gateway/src/docs/document.js';
import { upstreamUrls, type GatewayConfig } from '../../../gateway/src/config.js';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { deleteStreams } from '../../../scripts/lib/engines.mjs';

interface Engines {
  mongoUrl: string;
  natsUrl: string;
}

/** A service's app on its own database and bus, and how to let both go. */
interface Started {
  app: FastifyInstance;
  close(): Promise<void>;
}

/** The app of a service that owns a stream, on the shared service context. */
const owning =
  (
    name: ServiceName,
    build: (ctx: ServiceContext<never>) => Promise<FastifyInstance>,
    parse: (env: Record<string, unknown>) => BaseConfig,
  ) =>
  async (env: Record<string, unknown>): Promise<Started> => {
    const ctx = await connectService(name, parse(env));
    return started(ctx, () => build(ctx as ServiceContext<never>));
  };

async function started(
  ctx: { db: { dropDatabase(): Promise<unknown> }; close(): Promise<void> },
  build: () => Promise<FastifyInstance>,
): Promise<Started> {
  const close = async () => {
    await ctx.db.dropDatabase().catch(() => undefined);
    await ctx.close();
  };
  try {
    return { app: await build(), close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Each service as the stack runs it, in the gateway's upstream order. */
const SERVICES: Array<{
  name: ServiceName | 'webhooks';
  start: (env: Record<string, unknown>) => Promise<Started>;
}> = [
  {
    name: 'identity',
    start: owning('identity', buildIdentityApp, (e) => IdentityConfigSchema.parse(e)),
  },
  { name: 'habits', start: owning('habits', buildHabitsApp, (e) => HabitsConfigSchema.parse(e)) },
  {
    name: 'projects',
    start: owning('projects', buildProjectsApp, (e) => ProjectsConfigSchema.parse(e)),
  },
  { name: 'issues', start: owning('issues', buildIssuesApp, (e) => IssuesConfigSchema.parse(e)) },
  { name: 'agents', start: owning('agents', buildAgentsApp, (e) => AgentsConfigSchema.parse(e)) },
  {
    // Owns no stream (it consumes the others'), so it has a context of its own.
    name: 'webhooks',
    start: async (env) => {
      const ctx = await connectWebhooks(WebhooksConfigSchema.parse(env));
      return started(ctx, () => buildWebhooksApp(ctx));
    },
  },
];

/** One service's document, from its real app, answered through `inject` (no port). */
async function serviceDocument(
  { name, start }: (typeof SERVICES)[number],
  engines: Engines,
  run: string,
): Promise<OpenApiDocument> {
  const { app, close } = await start({
    PORT: DefaultPorts[name],
    MONGO_URL: engines.mongoUrl,
    MONGO_DB: `openapi_${run}_${name}`,
    NATS_URL: engines.natsUrl,
    EVENT_PREFIX: `openapi${run}`,
    INTERNAL_SECRET: randomUUID() + randomUUID(),
    WEBHOOKS_SECRET_KEY: randomUUID() + randomUUID(),
    LOG_LEVEL: 'silent',
  });
  try {
    const res = await app.inject({ method: 'GET', url: DOCUMENT_PATH });
    if (res.statusCode !== 200)
      throw new Error(`${name}: ${DOCUMENT_PATH} answered ${res.statusCode}`);
    return res.json() as OpenApiDocument;
  } finally {
    await app.close().catch(() => undefined);
    await close();
  }
}

/**
 * The gateway's public document, built in this process from every service's real app (on
 * the given engines, in throwaway databases) and the gateway's own merge: what the stack
 * serves at `/openapi.json`, with no stack running.
 */
export async function buildDocumentInProcess(engines: Engines): Promise<OpenApiDocument> {
  // A service the gateway forwards to but this list lacks would be missing from the client.
  const upstreams = Object.keys(upstreamUrls({} as GatewayConfig));
  const listed = SERVICES.map((s) => s.name);
  if (upstreams.join() !== listed.join())
    throw new Error(
      `document.ts builds ${listed.join(', ')}; the gateway forwards to ${upstreams.join(', ')}`,
    );
  const run = randomUUID().replace(/-/g, '').slice(0, 10);
  const documents = [];
  try {
    for (const service of SERVICES) {
      documents.push({ service: service.name, doc: await serviceDocument(service, engines, run) });
    }
  } finally {
    await deleteStreams(engines.natsUrl, new RegExp(`^OPENAPI${run.toUpperCase()}_`)).catch(
      () => undefined,
    );
  }
  const doc = gatewayDocument(documents);
  if (doc['x-conflicts'])
    throw new Error(`schemas differ between services: ${doc['x-conflicts'].join(', ')}`);
  return doc;
}
