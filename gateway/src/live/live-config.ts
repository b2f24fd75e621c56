import { z } from 'zod';

/** The live stream's settings (`GET /api/events`, MCP subscriptions); docs/API.md says them. */
export const LiveConfig = {
  /** Open streams one key may hold on one gateway (429 past it). */
  EVENTS_MAX_STREAMS_PER_KEY: z.coerce.number().int().min(1).max(1000).default(5),
  /** How often an idle stream gets a heartbeat comment (at most 30 s, as the contract says). */
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(100).max(30_000).default(15_000),
  /** How long events stay resumable with Last-Event-ID: at least a day. */
  EVENTS_RETENTION_HOURS: z.coerce
    .number()
    .int()
    .min(24)
    .max(24 * 30)
    .default(24),
  /**
   * Events waiting for one client that does not read: past this it is dropped (it resumes
   * with Last-Event-ID), so a stalled reader never holds memory without bound.
   */
  EVENTS_QUEUE_MAX: z.coerce.number().int().min(10).max(100_000).default(1000),
};
