import type { FastifyInstance } from 'fastify';
import { createServiceApp, InternalClient, signerToward } from '@momentum/http';
import { OutboxRelay } from '@momentum/messaging/outbox';
import { admissionOf } from '@momentum/config';
import { busConnected } from '@momentum/messaging';
import { ensureIndexes, isMongoUp } from '@momentum/storage';
import type { ServiceContext } from '@momentum/runtime';
import type { IdentityConfig } from './config.js';
import { identityModels } from './store/models.js';
import { UserStore } from './store/user-store.js';
import { TeamStore } from './store/team-store.js';
import { KeyStore } from './store/key-store.js';
import { HabitsClient } from './clients/habits.js';
import type { IdentityDeps } from './deps.js';
import { ensureAdmin } from './usecases/bootstrap-admin.js';
import { registerMeRoutes } from './routes/me.js';
import { registerUserRoutes } from './routes/users.js';
import { registerTeamRoutes } from './routes/teams.js';
import { registerInternalRoutes } from './routes/internal.js';
import { DeletionStore, deletionModel } from './store/deletion-store.js';
import { PersonalDataStore } from './store/personal-data.js';
import { exportSources } from './clients/export-sources.js';
import { registerPrivacyRoutes } from './routes/privacy.js';
import { startErasureConfirmations } from './consumers/erasures.js';
import { startDeletionRetries } from './usecases/deletion-retries.js';

/** Builds the identity app: users, teams, memberships and user keys. */
export async function buildIdentityApp(
  ctx: ServiceContext<IdentityConfig>,
): Promise<FastifyInstance> {
  const models = identityModels(ctx.db);
  const deletions = deletionModel(ctx.db);
  await ensureIndexes(ctx.db);
  // Events are published before each reply (`outbox.announce`); the relay publishes what a
  // crash or a NATS outage left in an outbox.
  const relay = new OutboxRelay(
    ctx.bus,
    [models.User, models.Membership, models.UserKey, deletions],
    ctx.log,
  );
  const deps: IdentityDeps = {
    users: new UserStore(models),
    teams: new TeamStore(models),
    keys: new KeyStore(models),
    outbox: relay,
    habits: ctx.config.HABITS_URL
      ? new HabitsClient(
          new InternalClient(ctx.config.HABITS_URL, signerToward(ctx.config, 'identity', 'habits')),
        )
      : null,
    keyHashCost: ctx.config.API_KEY_HASH_COST,
    limits: {
      keysPerUser: ctx.config.MAX_KEYS_PER_USER,
      keyMintsPerHour: ctx.config.MAX_KEY_MINTS_PER_HOUR,
      teamsPerUser: ctx.config.MAX_TEAMS_PER_USER,
    },
    deletions: new DeletionStore(deletions),
    personalData: new PersonalDataStore(models),
    exportSources: exportSources(ctx.config),
    deletion: {
      retryMs: ctx.config.DELETION_RETRY_MS,
      recordDays: ctx.config.DELETION_RECORD_DAYS,
    },
    now: () => new Date(),
  };
  if (ctx.config.ADMIN_API_KEY) await ensureAdmin(deps, ctx.config.ADMIN_API_KEY, ctx.log);

  const app = createServiceApp({
    name: 'identity',
    internalSecret: ctx.config.INTERNAL_SECRET,
    signing: ctx.config,
    logLevel: ctx.config.LOG_LEVEL,
    admission: admissionOf(ctx.config),
    ready: () => isMongoUp(ctx.db) && busConnected(ctx.bus),
    metricsPort: ctx.config.METRICS_PORT,
  });

  registerMeRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerInternalRoutes(app, deps);
  registerPrivacyRoutes(app, deps);
  relay.start();
  await startErasureConfirmations(ctx.bus, deps);
  const stopRetries = startDeletionRetries(deps, ctx.log);
  app.addHook('onClose', async () => {
    stopRetries();
    await relay.stop();
    await deps.habits?.close();
    await Promise.all(deps.exportSources.map((s) => s.close()));
  });
  return app;
}
