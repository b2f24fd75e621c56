import type { LiveSource } from '@momentum/mcp-tools';
import type { LiveCaller, LiveService } from '../live/service.js';
import { streamTypes } from '../live/stream-types.js';

/**
 * An MCP session's live stream in the gateway: a feed of the hub (what the caller may see,
 * as `GET /api/events` would carry it, every type the key may read), from now on.
 */
export function gatewayLiveSource(live: LiveService, caller: LiveCaller): LiveSource {
  let types: Set<string>;
  try {
    types = streamTypes(undefined, caller.actor.scopes);
  } catch {
    types = new Set();
  }
  return {
    open(on) {
      const feed = live.feed(caller, types, {
        event: (event) => on({ type: event.type!, payload: event.payload }),
        reset: () => undefined,
        ready: () => undefined,
        end: () => undefined,
      });
      const ready = feed.open(null).then(
        () => undefined,
        () => undefined,
      );
      return { close: () => feed.close(), ready };
    },
  };
}
