import type { FastifyInstance } from 'fastify';
import { createServiceApp, defineExportRoute } from '@momentum/http';
import { admissionOf } from '@momentum/config';
import { OutboxRelay } from '@momentum/messaging/outbox';
import { busConnected } from '@momentum/messaging';
import { ensureIndexes, isMongoUp } from '@momentum/storage';
import type { ServiceContext } from '@momentum/runtime';
import type { NotificationsConfig } from './config.js';
import type { NotificationsDeps } from './deps.js';
import { notificationModels } from './store/models.js';
import { NotificationStore } from './store/notification-store.js';
import { HttpAudience, type Audience } from './clients/audience.js';
import { fanOut } from './usecases/fan-out.js';
import { consumeDomainEvents } from './consumers/domain-events.js';
import { registerInboxRoutes } from './routes/inbox.js';
import { exportUserData } from './usecases/personal-data.js';
import { PersonalDataStore } from './store/personal-data.js';
import { startErasure } from './consumers/erasure.js';

export interface NotificationsAppOptions {
  /** Who may hear of a team; identity and agents over HTTP by default (tests pass a table). */
  audience?: Audience;
  /** The clock notifications are stamped with (tests). */
  now?: () => Date;
}

/**
 * Builds the notifications app: the durable consumers that turn the other services' events
 * into inbox entries (each announced by its own event through the outbox), and the inbox API.
 */
export async function buildNotificationsApp(
  ctx: ServiceContext<NotificationsConfig>,
  options: NotificationsAppOptions = {},
): Promise<FastifyInstance> {
  const { config } = ctx;
  const models = notificationModels(ctx.db);
  await ensureIndexes(ctx.db);
  const relay = new OutboxRelay(ctx.bus, [models.Notification], ctx.log);
  relay.start();
  const audience = options.audience ?? HttpAudience.fromConfig(config);
  const deps: NotificationsDeps = {
    notifications: new NotificationStore(models),
    models,
    outbox: relay,
    audience,
    log: ctx.log,
    ttlMs: config.NOTIFICATIONS_TTL_MS,
    inboxCap: config.NOTIFICATIONS_INBOX_CAP,
    now: options.now ?? (() => new Date()),
    personalData: new PersonalDataStore(models),
  };
  await consumeDomainEvents(
    ctx.bus,
    (event) => fanOut(deps, event),
    config.NOTIFICATIONS_CONSUMER_CONCURRENCY,
  );
  await startErasure(ctx.bus, deps);

  const app = createServiceApp({
    name: 'notifications',
    internalSecret: config.INTERNAL_SECRET,
    signing: config,
    sharedNonces: ctx.nonces,
    logLevel: config.LOG_LEVEL,
    admission: admissionOf(config),
    ready: () => isMongoUp(ctx.db) && busConnected(ctx.bus),
  });
  registerInboxRoutes(app, deps);
  // identity's export of a person reads this service's part here.
  defineExportRoute(app, "A person's notifications data (NDJSON, streamed)", (userId) =>
    exportUserData(deps, userId),
  );
  app.addHook('onClose', async () => {
    await relay.stop();
    if (!options.audience) await audience.close();
  });
  return app;
}
