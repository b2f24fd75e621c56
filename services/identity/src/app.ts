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
import { oauthModels } from './store/oauth-models.js';
import { OAuthStore } from './store/oauth-store.js';
import { InvitationStore } from './store/invitation-store.js';
import { AuditStore } from './store/audit-store.js';
import { consumeAuditedEvents } from './consumers/audit-events.js';
import { recordAudit } from './usecases/audit.js';
import { registerAuditRoutes } from './routes/audit.js';
import { HabitsClient } from './clients/habits.js';
import { AgentsClient, type TeamAgents } from './clients/agents.js';
import type { IdentityDeps } from './deps.js';
import { ensureAdmin } from './usecases/bootstrap-admin.js';
import { registerMeRoutes } from './routes/me.js';
import { registerUserRoutes } from './routes/users.js';
import { registerTeamRoutes } from './routes/teams.js';
import { registerInvitationRoutes } from './routes/invitations.js';
import { registerInternalRoutes } from './routes/internal.js';
import { registerAuthorizationRoutes } from './routes/authorizations.js';
import { registerOAuthInternalRoutes } from './routes/oauth-internal.js';
import { DeletionStore, deletionModel } from './store/deletion-store.js';
import { PersonalDataStore } from './store/personal-data.js';
import { exportSources } from './clients/export-sources.js';
import { registerPrivacyRoutes } from './routes/privacy.js';
import { startErasureConfirmations } from './consumers/erasures.js';
import { startDeletionRetries } from './usecases/deletion-retries.js';

/** Builds the identity app: users, teams, memberships and user keys. */
export async function buildIdentityApp(
  ctx: ServiceContext<IdentityConfig>,
  options: { agents?: TeamAgents } = {},
): Promise<FastifyInstance> {
  const models = identityModels(ctx.db);
  const oauth = oauthModels(ctx.db);
  const deletions = deletionModel(ctx.db);
  await ensureIndexes(ctx.db);
  // Events are published before each reply (`outbox.announce`); the relay publishes what a
  // crash or a NATS outage left in an outbox.
  const relay = new OutboxRelay(
    ctx.bus,
    [
      models.User,
      models.Membership,
      models.UserKey,
      oauth.OAuthGrant,
      models.Invitation,
      deletions,
    ],
    ctx.log,
  );
  const deps: IdentityDeps = {
    users: new UserStore(models),
    teams: new TeamStore(models),
    keys: new KeyStore(models),
    oauth: new OAuthStore(oauth),
    invitations: new InvitationStore(models),
    invitationTtlMs: ctx.config.INVITATION_TTL_HOURS * 3_600_000,
    audit: new AuditStore(models),
    auditRetentionMs: ctx.config.AUDIT_RETENTION_DAYS * 86_400_000,
    outbox: relay,
    habits: ctx.config.HABITS_URL
      ? new HabitsClient(
          new InternalClient(ctx.config.HABITS_URL, signerToward(ctx.config, 'identity', 'habits')),
        )
      : null,
    agents:
      options.agents ??
      (ctx.config.AGENTS_URL
        ? new AgentsClient(
            new InternalClient(
              ctx.config.AGENTS_URL,
              signerToward(ctx.config, 'identity', 'agents'),
            ),
          )
        : null),
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
  const backfilled = await deps.users.backfillSearchKeys();
  if (backfilled) ctx.log.info({ users: backfilled }, 'search keys filled in');

  const app = createServiceApp({
    name: 'identity',
    internalSecret: ctx.config.INTERNAL_SECRET,
    signing: ctx.config,
    sharedNonces: ctx.nonces,
    logLevel: ctx.config.LOG_LEVEL,
    admission: admissionOf(ctx.config),
    ready: () => isMongoUp(ctx.db) && busConnected(ctx.bus),
    metricsPort: ctx.config.METRICS_PORT,
  });

  registerMeRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerTeamRoutes(app, deps);
  registerInvitationRoutes(app, deps);
  registerAuditRoutes(app, deps);
  registerInternalRoutes(app, deps);
  registerAuthorizationRoutes(app, deps);
  registerOAuthInternalRoutes(app, deps);
  registerPrivacyRoutes(app, deps);
  relay.start();
  await consumeAuditedEvents(ctx.bus, (event) => recordAudit(deps, event));
  await startErasureConfirmations(ctx.bus, deps);
  const stopRetries = startDeletionRetries(deps, ctx.log);
  app.addHook('onClose', async () => {
    stopRetries();
    await relay.stop();
    await deps.habits?.close();
    await deps.agents?.close();
    await Promise.all(deps.exportSources.map((s) => s.close()));
  });
  return app;
}
