import type { FastifyInstance } from 'fastify';
import { pageMeta } from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { WebhooksDeps } from '../deps.js';
import { listDeliveries, redeliver } from '../usecases/redeliver.js';
import {
  dataOf,
  DeliveryPage,
  DeliveryParams,
  DeliveryView,
  ListDeliveriesQuery,
  WebhookParams,
} from './schemas.js';
import { deliveryView } from './replies.js';

const tags = ['webhooks'];

export function registerDeliveryRoutes(app: FastifyInstance, deps: WebhooksDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/webhooks/:id/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: "A webhook's delivery log, newest first",
      tags,
      errors: [403],
      params: WebhookParams,
      query: ListDeliveriesQuery,
      response: { status: 200, schema: DeliveryPage },
    },
    async ({ actor, params, query }) => {
      const { docs, total } = await listDeliveries(deps, actor, params.id, query);
      return {
        data: docs.map(deliveryView),
        meta: pageMeta(total, query),
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/webhooks/:id/deliveries/:deliveryId/redeliver',
      operationId: 'redeliverWebhookDelivery',
      summary: 'Send a delivery again now (same webhook-id)',
      tags,
      errors: [403, 409],
      params: DeliveryParams,
      response: { status: 202, schema: dataOf(DeliveryView) },
    },
    async ({ actor, params }) => ({
      data: deliveryView(await redeliver(deps, actor, params.id, params.deliveryId)),
    }),
  );
}
