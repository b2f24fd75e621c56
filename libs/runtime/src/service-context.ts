import type { Connection } from 'mongoose';
import pino from 'pino';
import { ServiceNames, type ServiceName } from '@momentum/contracts';
import { EventBus, SharedNonces, type Logger } from '@momentum/messaging';
import { loggerOptions } from '@momentum/telemetry';
import type { BaseConfig } from '@momentum/config';
import { connectMongo } from '@momentum/storage';

/**
 * Every service process: the six that own an event stream (`ServiceName`) and webhooks,
 * which publishes nothing and only consumes theirs.
 */
export type ServiceProcess = ServiceName | 'webhooks';

/** What every service's app factory receives: its config, database and bus. */
export interface ServiceContext<C extends BaseConfig = BaseConfig> {
  service: ServiceProcess;
  config: C;
  db: Connection;
  bus: EventBus;
  /** The nonces of signed requests, shared by the service's processes (createServiceApp). */
  nonces: SharedNonces;
  log: Logger;
  close(): Promise<void>;
}

export async function connectService<C extends BaseConfig>(
  service: ServiceProcess,
  config: C,
): Promise<ServiceContext<C>> {
  const log = pino({ ...loggerOptions(config.LOG_LEVEL), name: service });
  const db = await connectMongo(config.MONGO_URL, config.MONGO_DB ?? `momentum_${service}`);
  const bus = await EventBus.connect(config.NATS_URL, config.EVENT_PREFIX, service, log, {
    replicas: config.NATS_REPLICAS,
  });
  if (ownsStream(service)) await bus.ensureStream(service);
  const nonces = await SharedNonces.open(bus, service, config.SIGNATURE_WINDOW_MS, log);
  return {
    service,
    config,
    db,
    bus,
    nonces,
    log,
    async close() {
      await bus.drain();
      await db.close();
    },
  };
}

const ownsStream = (service: ServiceProcess): service is ServiceName =>
  (ServiceNames as readonly string[]).includes(service);
