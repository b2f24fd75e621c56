import { z } from 'zod';
import { callApi, pagedAs } from '../results.js';
import { CREATE, READ, defineTool } from '../define.js';
import { PageMeta, Webhook, WebhookWithSecret } from '../shapes.js';
import { limit, page, uuid } from '../fields.js';

export const listWebhooks = defineTool({
  name: 'list_webhooks',
  title: 'List webhooks',
  description:
    'Lists the webhook subscriptions the caller manages, newest first: their own personal ones and those of ' +
    'their teams (or only one team’s, with teamId). Shows each URL, its event types, whether it is active, ' +
    'and why it was disabled if it was; never a signing secret. Users only: an agent key is refused (FORBIDDEN).',
  inputSchema: {
    teamId: uuid('Only the webhooks of this team').optional(),
    page,
    limit,
  },
  outputSchema: {
    webhooks: z.array(Webhook).describe('The webhooks'),
    meta: PageMeta.optional(),
  },
  annotations: READ,
  surface: 'in-app',
  scopes: ['webhooks:read'],
  run: (args, api) =>
    callApi(api.GET('/api/webhooks', { params: { query: args } }), pagedAs('webhooks')),
});

export const createWebhook = defineTool({
  name: 'create_webhook',
  title: 'Create a webhook',
  description:
    'Subscribes a URL to Momentum’s events: each matching event is POSTed to it as JSON {type, timestamp, data}, ' +
    'signed as Standard Webhooks say (webhook-id, webhook-timestamp, webhook-signature headers) and retried for ' +
    'about a day until it answers 2xx. Without teamId the webhook is personal (the caller’s own tasks and ' +
    'level-ups); with teamId it is the team’s (its tasks, projects, issues, comments, blockers, memberships). ' +
    'The reply holds the signing secret (whsec_…), shown this once: hand it to the user to verify deliveries. ' +
    'Users only: an agent key is refused (FORBIDDEN).',
  inputSchema: {
    url: z
      .string()
      .describe('Where events are POSTed: an https URL on a public address, up to 2048 characters'),
    events: z
      .array(z.string())
      .min(1)
      .describe(
        'Event types to receive, e.g. issue.created, issue.updated, comment.created, task.completed, ' +
          'user.leveled_up (personal only); or ["*"] for every type the scope allows',
      ),
    teamId: uuid('The team whose events to receive; omit for a personal webhook').optional(),
    description: z.string().optional().describe('What the webhook is for, up to 500 characters'),
  },
  outputSchema: { webhook: WebhookWithSecret },
  annotations: CREATE,
  surface: 'in-app',
  scopes: ['webhooks:write'],
  run: (args, api) =>
    callApi(api.POST('/api/webhooks', { body: args }), (data) => ({ webhook: data })),
});
