import type { FastifyInstance } from 'fastify';
import { createServiceApp, InternalClient, signerToward, defineExportRoute } from '@momentum/http';
import { OutboxRelay } from '@momentum/messaging/outbox';
import { admissionOf } from '@momentum/config';
import { busConnected } from '@momentum/messaging';
import { ensureIndexes, isMongoUp } from '@momentum/storage';
import type { ServiceContext } from '@momentum/runtime';
import type { AgentsConfig } from './config.js';
import { agentModels } from './store/models.js';
import { AgentStore } from './store/agent-store.js';
import { HttpOwnerDirectory, type OwnerDirectory } from './clients/owner-directory.js';
import type { AgentsDeps } from './deps.js';
import { installBadRequestForValidation } from './routes/bad-request.js';
import { registerAgentRoutes } from './routes/agents.js';
import { registerKeyRoutes } from './routes/keys.js';
import { registerInternalRoutes } from './routes/internal.js';
import { exportUserData } from './usecases/personal-data.js';
import { PersonalDataStore } from './store/personal-data.js';
import { startErasure } from './consumers/erasure.js';

export interface AgentsAppOptions {
  /** The identity service by default; tests pass an in-memory directory. */
  owners?: OwnerDirectory;
}

/** Builds the agents app: agents, their keys, and key records for the gateway. */
export async function buildAgentsApp(
  ctx: ServiceContext<AgentsConfig>,
  options: AgentsAppOptions = {},
): Promise<FastifyInstance> {
  const models = agentModels(ctx.db);
  await ensureIndexes(ctx.db);
  // Events are published before each reply (`outbox.announce`); the relay publishes what a
  // crash or a NATS outage left in an outbox.
  const relay = new OutboxRelay(ctx.bus, [models.Agent], ctx.log, 5000);
  let identity: InternalClient | null = null;
  let owners = options.owners;
  if (!owners) {
    identity = new InternalClient(
      ctx.config.IDENTITY_URL,
      signerToward(ctx.config, 'agents', 'identity'),
    );
    owners = new HttpOwnerDirectory(identity);
  }
  const deps: AgentsDeps = {
    store: new AgentStore(models),
    outbox: relay,
    owners,
    keyHashCost: ctx.config.API_KEY_HASH_COST,
    limits: {
      agentsPerUser: ctx.config.MAX_AGENTS_PER_USER,
      keyMintsPerHour: ctx.config.MAX_KEY_MINTS_PER_AGENT_PER_HOUR,
    },
    personalData: new PersonalDataStore(models),
  };

  const app = createServiceApp({
    name: 'agents',
    internalSecret: ctx.config.INTERNAL_SECRET,
    signing: ctx.config,
    sharedNonces: ctx.nonces,
    logLevel: ctx.config.LOG_LEVEL,
    admission: admissionOf(ctx.config),
    errorShape: 'B',
    ready: () => isMongoUp(ctx.db) && busConnected(ctx.bus),
    metricsPort: ctx.config.METRICS_PORT,
  });
  installBadRequestForValidation(app);
  registerAgentRoutes(app, deps);
  registerKeyRoutes(app, deps);
  registerInternalRoutes(app, deps);
  // identity's export of a person reads this service's part here.
  defineExportRoute(app, "A person's agents data (NDJSON, streamed)", (userId) =>
    exportUserData(deps, userId),
  );

  relay.start();
  await startErasure(ctx.bus, deps);
  app.addHook('onClose', async () => {
    await relay.stop();
    await identity?.close();
  });
  return app;
}
