/** One event of the caller's live stream (`GET /api/events`): its public type and payload. */
export interface LiveMessage {
  /** `notification`, or an event catalogue type such as `issue.updated`. */
  type: string;
  /** The notification, or the webhook message `{type, timestamp, data}` of a domain event. */
  payload: unknown;
}

/**
 * Where an MCP session's subscriptions learn of changes: the gateway reads its live stream
 * in process, the standalone server reads `GET /api/events` over HTTP. Both carry what the
 * session's key may see and nothing else.
 */
export interface LiveSource {
  /** `ready` settles once events from now on will reach `on` (or the stream failed to open). */
  open(on: (message: LiveMessage) => void): { close(): void; ready: Promise<void> };
}
