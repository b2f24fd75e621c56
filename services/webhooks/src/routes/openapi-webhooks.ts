import type { FastifyInstance } from 'fastify';
import { DOCUMENT_PATH } from '@momentum/http';
import { CATALOGUE, type EventTypeEntry } from '../domain/catalogue.js';

/** `task.completed` → `taskCompletedEvent`: an operationId for a delivered event type. */
const operationIdOf = (type: string) =>
  type.replace(/[._]([a-z])/g, (_m, c: string) => c.toUpperCase()) + 'Event';

const header = (name: string, description: string) => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
});

/** One event type as OpenAPI 3.1 describes an outgoing call: the POST a receiver gets. */
function webhookOperation(entry: EventTypeEntry) {
  return {
    post: {
      operationId: operationIdOf(entry.type),
      summary: `${entry.type}: ${entry.description}`,
      description: `Sent to webhooks (${entry.scopes.join(', ')}) that subscribe to \`${entry.type}\` or \`*\`. Verify \`webhook-signature\` before trusting the body, e.g. \`new Webhook(secret).verify(rawBody, headers)\` from the \`standardwebhooks\` package.`,
      tags: ['webhooks'],
      // The receiver checks the signature; no Momentum key is sent.
      security: [],
      parameters: [
        header(
          'webhook-id',
          "The event's id: the same on every retry and redelivery; deduplicate on it",
        ),
        header('webhook-timestamp', "This attempt's time, Unix seconds"),
        header(
          'webhook-signature',
          '`v1,<base64 HMAC-SHA256>` of `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the secret after `whsec_` (base64-decoded); two, space-separated, during a rotation',
        ),
      ],
      requestBody: {
        required: true,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['type', 'timestamp', 'data'],
              additionalProperties: false,
              properties: {
                type: { const: entry.type, description: 'The event type' },
                timestamp: {
                  type: 'string',
                  format: 'date-time',
                  description: 'When the event happened',
                },
                data: {
                  type: 'object',
                  description: 'The fields listed here and nothing else',
                  required: Object.keys(entry.fields),
                  properties: Object.fromEntries(
                    Object.entries(entry.fields).map(([field, meaning]) => [
                      field,
                      { description: meaning },
                    ]),
                  ),
                },
              },
            },
          },
        },
      },
      responses: {
        '200': { description: 'Received (any 2xx will do); answer within 10 s' },
        '400': {
          description:
            'Refused: a 3xx or 4xx other than 408 and 429 fails the delivery at once; 408, 429 (with `Retry-After`), 5xx and timeouts are retried with backoff for about a day',
        },
      },
    },
  };
}

/** The catalogue as the `webhooks` section of an OpenAPI 3.1 document, keyed by event type. */
export const WEBHOOKS_SECTION: Record<string, unknown> = Object.fromEntries(
  CATALOGUE.map((entry) => [entry.type, webhookOperation(entry)]),
);

/**
 * Adds the `webhooks` section to the service's document (`DOCUMENT_PATH`), which the gateway
 * merges into `/openapi.json`: the POSTs a receiver gets, one per event type.
 */
export function documentDeliveredEvents(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.routeOptions.url !== DOCUMENT_PATH || payload === null) return payload;
    if (typeof payload !== 'object') return payload;
    return { ...payload, webhooks: WEBHOOKS_SECTION };
  });
}
