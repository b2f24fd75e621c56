import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  DOCUMENT_PATH,
  DefaultPorts,
  type BaseConfig,
  type OpenApiDocument,
} from '@momentum/service-kit';
import { connectService, type ServiceContext } from '@momentum/service-kit/storage';
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
import { gatewayDocument } from '../../../gateway/src/docs/document.js';
import { upstreamUrls, type GatewayConfig } from '../../../gateway/src/config.js';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { deleteStreams } from '../../../scripts/lib/engines.mjs';

interface Engines {
  mongoUrl: string;
  natsUrl: string;
}

/** Each service as the stack runs it, in the gateway's upstream order. */
const SERVICES: Array<{
  name: ServiceName;
  build: (ctx: ServiceContext<never>) => Promise<FastifyInstance>;
  parse: (env: Record<string, unknown>) => BaseConfig;
}> = [
  { name: 'identity', build: buildIdentityApp, parse: (e) => IdentityConfigSchema.parse(e) },
  { name: 'habits', build: buildHabitsApp, parse: (e) => HabitsConfigSchema.parse(e) },
  { name: 'projects', build: buildProjectsApp, parse: (e) => ProjectsConfigSchema.parse(e) },
  { name: 'issues', build: buildIssuesApp, parse: (e) => IssuesConfigSchema.parse(e) },
  { name: 'agents', build: buildAgentsApp, parse: (e) => AgentsConfigSchema.parse(e) },
];

/** One service's document, from its real app, answered through `inject` (no port). */
async function serviceDocument(
  { name, build, parse }: (typeof SERVICES)[number],
  engines: Engines,
  run: string,
): Promise<OpenApiDocument> {
  const config = parse({
    PORT: DefaultPorts[name],
    MONGO_URL: engines.mongoUrl,
    MONGO_DB: `openapi_${run}_${name}`,
    NATS_URL: engines.natsUrl,
    EVENT_PREFIX: `openapi${run}`,
    INTERNAL_SECRET: randomUUID() + randomUUID(),
    LOG_LEVEL: 'silent',
  });
  const ctx = await connectService(name, config);
  try {
    const app = await build(ctx as ServiceContext<never>);
    try {
      const res = await app.inject({ method: 'GET', url: DOCUMENT_PATH });
      if (res.statusCode !== 200)
        throw new Error(`${name}: ${DOCUMENT_PATH} answered ${res.statusCode}`);
      return res.json() as OpenApiDocument;
    } finally {
      await app.close();
    }
  } finally {
    await ctx.db.dropDatabase().catch(() => undefined);
    await ctx.close();
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
