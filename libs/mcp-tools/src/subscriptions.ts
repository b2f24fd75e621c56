import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ErrorCode,
  McpError,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { LiveSource } from './live-source.js';
import { INBOX_URI, urisOf } from './resources.js';

/** The resource URIs a session may subscribe to (the templates' and the inbox). */
const SUBSCRIBABLE = /^momentum:\/\/(tasks|projects)\/[^/?#]+$/;

/** Subscriptions one session holds at most. */
export const MAX_SUBSCRIPTIONS = 500;

/**
 * One session's subscriptions. The caller's live stream is opened with the first one and
 * closed with the last: each of its events that touches a subscribed URI becomes a
 * `notifications/resources/updated` on the session's stream (GET /mcp).
 */
export class ResourceSubscriptions {
  private readonly uris = new Set<string>();
  private feed: { close(): void; ready: Promise<void> } | null = null;

  constructor(
    private readonly live: LiveSource,
    private readonly updated: (uri: string) => void,
  ) {}

  /** Resolves once a change made from now on will be notified (the stream is open). */
  async subscribe(uri: string): Promise<void> {
    if (uri !== INBOX_URI && !SUBSCRIBABLE.test(uri))
      throw new McpError(
        ErrorCode.InvalidParams,
        `Cannot subscribe to ${uri.slice(0, 200)}: subscribe to momentum://inbox, momentum://tasks/{id} or momentum://projects/{id}`,
      );
    if (!this.uris.has(uri) && this.uris.size >= MAX_SUBSCRIPTIONS)
      throw new McpError(
        ErrorCode.InvalidRequest,
        `A session holds at most ${MAX_SUBSCRIPTIONS} subscriptions`,
      );
    this.uris.add(uri);
    this.feed ??= this.live.open((message) => {
      for (const changed of urisOf(message)) if (this.uris.has(changed)) this.updated(changed);
    });
    await Promise.race([this.feed.ready, new Promise((resolve) => setTimeout(resolve, 5000))]);
  }

  unsubscribe(uri: string): void {
    this.uris.delete(uri);
    if (this.uris.size === 0) this.close();
  }

  close(): void {
    this.feed?.close();
    this.feed = null;
  }
}

/**
 * `resources/subscribe` and `resources/unsubscribe` on `server`: through `subscriptions` in
 * a session, refused without one (a stateless request has no stream to notify on).
 */
export function installSubscriptions(
  server: McpServer,
  subscriptions: ResourceSubscriptions | null,
): void {
  const none = () =>
    new McpError(
      ErrorCode.InvalidRequest,
      'resources/subscribe needs a session: send initialize, then Mcp-Session-Id with every request and GET /mcp for the stream',
    );
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    if (!subscriptions) throw none();
    await subscriptions.subscribe(request.params.uri);
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, (request) => {
    if (!subscriptions) throw none();
    subscriptions.unsubscribe(request.params.uri);
    return {};
  });
}
