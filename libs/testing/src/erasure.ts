import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  EventTypes,
  SYSTEM_ACTOR,
  erasedTypeOf,
  type ErasingService,
  type ExportLine,
  type UserErasedData,
} from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import type { EventBus } from '@momentum/messaging';
import { injectAs } from './testing.js';

/**
 * Stands for identity in a service's erasure tests: publishes
 * `identity.user.deletion_requested` for a person and collects the service's
 * `<service>.user.erased` confirmations.
 */
export async function erasureProbe(bus: EventBus, service: ErasingService) {
  const confirmed: UserErasedData[] = [];
  await bus.ensureStream('identity');
  await bus.consume({
    from: service,
    durable: `erasure-probe-${randomUUID()}`,
    types: [erasedTypeOf(service)],
    handler: async (event) => {
      confirmed.push(event.data as UserErasedData);
    },
  });
  return {
    confirmed,
    /** Asks for the erasure; resolves with the deletion id. */
    async request(userId: string, deletionId: string = randomUUID()): Promise<string> {
      await bus.publish(
        makeEvent(EventTypes.identity.userDeletionRequested, { deletionId, userId }),
      );
      return deletionId;
    },
    /** How many confirmations the deletion has had so far. */
    count: (deletionId: string) => confirmed.filter((c) => c.deletionId === deletionId).length,
  };
}

/** A service's `GET /internal/users/:id/export`, read line by line into its sections. */
export async function internalExport(
  app: FastifyInstance,
  userId: string,
): Promise<{ status: number; type: string; sections: Record<string, unknown[]> }> {
  const res = await injectAs(app, SYSTEM_ACTOR, {
    method: 'GET',
    url: `/internal/users/${userId}/export`,
  });
  const sections: Record<string, unknown[]> = {};
  if (res.statusCode === 200)
    for (const line of res.body.split('\n').filter(Boolean)) {
      const { section, item } = JSON.parse(line) as ExportLine;
      (sections[section] ??= []).push(item);
    }
  return { status: res.statusCode, type: String(res.headers['content-type']), sections };
}
