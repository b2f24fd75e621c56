import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '@momentum/http';
import { CATALOGUE } from '../domain/catalogue.js';
import { dataOf, EventTypeView } from './schemas.js';

/** The catalogue is documentation: the same for every caller, agents included. */
const eventTypes = CATALOGUE.map((entry) => ({
  type: entry.type,
  description: entry.description,
  scopes: [...entry.scopes],
  payload: { ...entry.fields },
}));

export function registerEventTypeRoutes(app: FastifyInstance) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/webhooks/event-types',
      operationId: 'listWebhookEventTypes',
      summary: 'The event types a webhook can subscribe to, with their payload fields',
      tags: ['webhooks'],
      response: { status: 200, schema: dataOf(z.array(EventTypeView)) },
    },
    async () => ({ data: eventTypes }),
  );
}
