/**
 * The public event catalogue lives in @momentum/contracts: webhooks deliver it and the
 * gateway's live stream (`GET /api/events`) carries the same types in the same envelope.
 */
export {
  ALL_EVENTS,
  CATALOGUE,
  EXCLUDED_SOURCES,
  allowedEventsFor,
  audienceOf,
  entryForSource,
  publicTypeOf,
  sourcesByService,
  type Audience,
  type EventTypeEntry,
  type SubscriptionScope,
} from '@momentum/contracts';
