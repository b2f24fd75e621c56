import pino from 'pino';
import type { Connection } from 'mongoose';
import { EventBus, type Logger } from '@momentum/messaging';
import { loggerOptions } from '@momentum/telemetry';
import { connectMongo } from '@momentum/storage';
import type { WebhooksConfig } from './config.js';

/**
 * What the app factory receives: config, database and bus — `ServiceContext` without the
 * `service` name, because `ServiceName` (contracts) lists the five stream-owning services
 * and this one owns no stream: it publishes nothing and only consumes theirs.
 */
export interface WebhooksContext {
  config: WebhooksConfig;
  db: Connection;
  bus: EventBus;
  log: Logger;
  close(): Promise<void>;
}

export async function connectWebhooks(config: WebhooksConfig): Promise<WebhooksContext> {
  const log = pino({ ...loggerOptions(config.LOG_LEVEL), name: 'webhooks' });
  const db = await connectMongo(config.MONGO_URL, config.MONGO_DB ?? 'momentum_webhooks');
  const bus = await EventBus.connect(config.NATS_URL, config.EVENT_PREFIX, 'webhooks', log, {
    replicas: config.NATS_REPLICAS,
  });
  return {
    config,
    db,
    bus,
    log,
    async close() {
      await bus.drain();
      await db.close();
    },
  };
}
