import type { FastifyInstance } from 'fastify';
import { createServiceApp, InternalClient, signerToward, defineExportRoute } from '@momentum/http';
import { admissionOf } from '@momentum/config';
import { busConnected } from '@momentum/messaging';
import { ensureIndexes, isMongoUp } from '@momentum/storage';
import type { ServiceContext } from '@momentum/runtime';
import type { WebhooksConfig } from './config.js';
import type { WebhooksDeps } from './deps.js';
import { webhookModels } from './store/models.js';
import { SubscriptionStore } from './store/subscription-store.js';
import { SubscriptionHealth } from './store/subscription-health.js';
import { DeliveryStore } from './store/delivery-store.js';
import { ProjectTeamStore } from './store/project-team-store.js';
import { SecretBox } from './store/secret-box.js';
import { HttpMembership, type MembershipSource } from './clients/membership.js';
import { ProjectTeams } from './clients/project-teams.js';
import { systemResolve, type Resolve } from './clients/resolver.js';
import { deliveryPipeline } from './delivery/pipeline.js';
import { ingestEvent } from './usecases/ingest.js';
import { consumeSourceStreams } from './consumers/source-consumers.js';
import { followMembershipChanges } from './consumers/membership-changes.js';
import {
  announceSubscriptionChange,
  followSubscriptionChanges,
} from './consumers/subscription-changes.js';
import { registerEventTypeRoutes } from './routes/event-types.js';
import { registerSubscriptionRoutes } from './routes/subscriptions.js';
import { registerDeliveryRoutes } from './routes/deliveries.js';
import { exportUserData } from './usecases/personal-data.js';
import { PersonalDataStore } from './store/personal-data.js';
import { startErasure } from './consumers/erasure.js';
import { documentDeliveredEvents } from './routes/openapi-webhooks.js';

/** What the service asks outside itself; tests pass fakes (a membership table, a DNS table). */
export interface WebhooksAppOptions {
  membership: MembershipSource;
  resolve: Resolve;
}

/**
 * Builds the webhooks app: subscriptions, the durable consumers of the other services'
 * streams that turn events into deliveries, and the scheduler that attempts them.
 */
export async function buildWebhooksApp(
  ctx: ServiceContext<WebhooksConfig>,
  given: Partial<WebhooksAppOptions> = {},
): Promise<FastifyInstance> {
  const { config, log } = ctx;
  const models = webhookModels(ctx.db);
  await ensureIndexes(ctx.db);
  const subscriptions = new SubscriptionStore(models, {
    cacheMs: config.WEBHOOKS_SUBSCRIPTION_CACHE_MS,
    announce: announceSubscriptionChange(ctx.bus),
  });
  followSubscriptionChanges(ctx.bus, () => subscriptions.changedElsewhere());
  const deliveries = new DeliveryStore(models, config.WEBHOOKS_DELIVERY_RETENTION_MS);
  const secrets = new SecretBox(config.WEBHOOKS_SECRET_KEY);

  let identity: InternalClient | null = null;
  const membership =
    given.membership ??
    new HttpMembership(
      (identity = new InternalClient(
        config.IDENTITY_URL,
        signerToward(config, 'webhooks', 'identity'),
      )),
      config.WEBHOOKS_MEMBERSHIP_CACHE_MS,
    );
  const delivery = deliveryPipeline(config, {
    subscriptions,
    health: new SubscriptionHealth(
      models,
      {
        failedDeliveries: config.WEBHOOKS_DISABLE_AFTER_FAILED_DELIVERIES,
        failingForMs: config.WEBHOOKS_DISABLE_AFTER_MS,
      },
      () => subscriptions.changed(),
    ),
    deliveries,
    secrets,
    membership,
    resolve: given.resolve ?? systemResolve,
    log,
  });

  followMembershipChanges(ctx.bus, membership);
  const projectTeams = new ProjectTeams(new ProjectTeamStore(models), ctx.bus);
  const deps: WebhooksDeps = {
    subscriptions,
    deliveries,
    secrets,
    projectTeams,
    log,
    scheduled: delivery.kick,
    allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE_URLS,
    rotationGraceMs: config.WEBHOOKS_ROTATION_GRACE_MS,
    quota: { perUser: config.WEBHOOKS_MAX_PER_USER, perTeam: config.WEBHOOKS_MAX_PER_TEAM },
    personalData: new PersonalDataStore(models, () => subscriptions.changed()),
  };
  await consumeSourceStreams(
    ctx.bus,
    (event) => ingestEvent(deps, event),
    config.WEBHOOKS_CONSUMER_CONCURRENCY,
  );
  await startErasure(ctx.bus, deps);
  delivery.start();

  const app = createServiceApp({
    name: 'webhooks',
    internalSecret: config.INTERNAL_SECRET,
    signing: config,
    sharedNonces: ctx.nonces,
    logLevel: config.LOG_LEVEL,
    admission: admissionOf(config),
    ready: () => isMongoUp(ctx.db) && busConnected(ctx.bus),
    metricsPort: ctx.config.METRICS_PORT,
  });
  registerEventTypeRoutes(app);
  registerSubscriptionRoutes(app, deps);
  registerDeliveryRoutes(app, deps);
  // identity's export of a person reads this service's part here.
  defineExportRoute(app, "A person's webhooks data (NDJSON, streamed)", (userId) =>
    exportUserData(deps, userId),
  );
  documentDeliveredEvents(app);
  app.addHook('onClose', async () => {
    await delivery.stop();
    await identity?.close();
  });
  return app;
}
