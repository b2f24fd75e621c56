import { z } from 'zod';
import { PageQuery, Uuid } from '@momentum/contracts';

/** Request and reply schemas of the webhooks API (bodies strict, as everywhere). */
const Url = z.string().min(1).max(2048);
const Events = z.array(z.string().min(1).max(100)).min(1).max(50);
const Description = z.string().max(500).nullable();

export const CreateWebhookBody = z.strictObject({
  url: Url,
  events: Events,
  teamId: Uuid.optional(),
  description: Description.optional(),
});
export type CreateWebhookBody = z.output<typeof CreateWebhookBody>;

export const UpdateWebhookBody = z.strictObject({
  url: Url.optional(),
  events: Events.optional(),
  description: Description.optional(),
  /** false pauses, true resumes (and re-enables a subscription that was disabled). */
  active: z.boolean().optional(),
});
export type UpdateWebhookBody = z.output<typeof UpdateWebhookBody>;

export const WebhookParams = z.object({ id: Uuid });
export const DeliveryParams = z.object({
  id: Uuid,
  deliveryId: z.string().min(1).max(200),
});

export const ListWebhooksQuery = z.strictObject({ teamId: Uuid.optional(), ...PageQuery });
export const DeliveryStates = ['pending', 'succeeded', 'failed', 'skipped'] as const;
export const ListDeliveriesQuery = z.strictObject({
  status: z.enum(DeliveryStates).optional(),
  ...PageQuery,
});

const Timestamp = z.string();
export const WebhookView = z.object({
  id: z.string(),
  url: z
    .string()
    .nullable()
    .describe(
      'The target URL (often a capability URL): shown to the webhook’s creator, whoever last set it, and admins; null to the team’s other members',
    ),
  events: z.array(z.string()),
  teamId: z.string().nullable(),
  description: z.string().nullable(),
  active: z.boolean(),
  disabledReason: z.string().nullable(),
  disabledAt: Timestamp.nullable(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});
export const WebhookWithSecret = WebhookView.extend({
  secret: z.string().describe('whsec_…: shown once'),
});
export const RotatedSecret = z.object({
  id: z.string(),
  secret: z.string(),
  previousSecretExpiresAt: Timestamp,
});
export const DeliveryView = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(DeliveryStates),
  attempts: z.number(),
  lastResponseCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: Timestamp.nullable(),
  nextAttemptAt: Timestamp.nullable(),
  createdAt: Timestamp,
});
export const EventTypeView = z.object({
  type: z.string(),
  description: z.string(),
  scopes: z.array(z.enum(['personal', 'team'])),
  payload: z.record(z.string(), z.string()),
});

/** Reply bodies as sent: `{data}` and `{data, meta}`. */
export const dataOf = <T extends z.ZodType>(item: T) => z.object({ data: item });
const page = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    meta: z.object({ total: z.number(), page: z.number(), perPage: z.number() }),
  });
export const WebhookPage = page(WebhookView);
export const DeliveryPage = page(DeliveryView);
