import type { FastifyInstance } from 'fastify';
import { pageMeta } from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { WebhooksDeps } from '../deps.js';
import {
  createSubscription,
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  rotateSecret,
  updateSubscription,
} from '../usecases/subscriptions.js';
import {
  CreateWebhookBody,
  dataOf,
  ListWebhooksQuery,
  RotatedSecret,
  UpdateWebhookBody,
  WebhookPage,
  WebhookParams,
  WebhookView,
  WebhookWithSecret,
} from './schemas.js';
import { webhookView } from './replies.js';

const tags = ['webhooks'];

export function registerSubscriptionRoutes(app: FastifyInstance, deps: WebhooksDeps) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/webhooks',
      operationId: 'createWebhook',
      summary: 'Subscribe a URL to events; the signing secret is shown once',
      tags,
      errors: [403, 409],
      body: CreateWebhookBody,
      response: { status: 201, schema: dataOf(WebhookWithSecret) },
    },
    async ({ actor, body }) => {
      const { doc, secret } = await createSubscription(deps, actor, body);
      return { data: { ...webhookView(doc, actor), secret } };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/webhooks',
      operationId: 'listWebhooks',
      summary: "The caller's webhooks and their teams'",
      tags,
      errors: [403],
      query: ListWebhooksQuery,
      response: { status: 200, schema: WebhookPage },
    },
    async ({ actor, query }) => {
      const { docs, total } = await listSubscriptions(deps, actor, query);
      return {
        data: docs.map((doc) => webhookView(doc, actor)),
        meta: pageMeta(total, query),
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/webhooks/:id',
      operationId: 'getWebhook',
      summary: 'A webhook (never its secret)',
      tags,
      errors: [403],
      params: WebhookParams,
      response: { status: 200, schema: dataOf(WebhookView) },
    },
    async ({ actor, params }) => ({
      data: webhookView(await getSubscription(deps, actor, params.id), actor),
    }),
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/webhooks/:id',
      operationId: 'updateWebhook',
      summary: 'Change url, events or description; pause or resume with active',
      tags,
      errors: [403],
      params: WebhookParams,
      body: UpdateWebhookBody,
      response: { status: 200, schema: dataOf(WebhookView) },
    },
    async ({ actor, params, body }) => ({
      data: webhookView(await updateSubscription(deps, actor, params.id, body), actor),
    }),
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/webhooks/:id',
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook; its pending deliveries are not sent',
      tags,
      errors: [403],
      params: WebhookParams,
      response: { status: 204 },
    },
    async ({ actor, params }) => deleteSubscription(deps, actor, params.id),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/webhooks/:id/rotate-secret',
      operationId: 'rotateWebhookSecret',
      summary: 'A new signing secret, shown once; the old one also signs for a grace period',
      tags,
      errors: [403],
      params: WebhookParams,
      response: { status: 200, schema: dataOf(RotatedSecret) },
    },
    async ({ actor, params }) => {
      const rotated = await rotateSecret(deps, actor, params.id);
      return {
        data: {
          id: params.id,
          secret: rotated.secret,
          previousSecretExpiresAt: rotated.previousSecretExpiresAt.toISOString(),
        },
      };
    },
  );
}
