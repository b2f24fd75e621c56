import type { Actor } from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import type { GatewayConfig } from '../config.js';
import type { KeyCache } from '../auth/key-cache.js';
import { LiveFeed, type FeedHandlers } from './feed.js';
import { LiveHub } from './hub.js';
import { KeyStreams } from './key-streams.js';
import { ensureLiveStream } from './live-stream.js';
import { ProjectTeams } from './project-teams.js';
import type { Viewer } from './visibility.js';

/** What a live stream is opened with: the caller as resolved, and their key to ask again. */
export interface LiveCaller {
  actor: Actor;
  rawKey: string;
  keyId: string | null;
  ip: string;
}

/** What checks a live stream's credential again: a key, or an OAuth access token. */
export interface CredentialCheck {
  resolve(raw: string, client?: string): Promise<Actor | null>;
}

/** The live stream of one gateway: its hub, its per-key bounds, and feeds for callers. */
export class LiveService {
  readonly keyStreams: KeyStreams;

  constructor(
    readonly hub: LiveHub,
    private readonly resolver: CredentialCheck,
    private readonly keyCache: KeyCache,
    readonly settings: { heartbeatMs: number; queueMax: number; maxPerKey: number },
  ) {
    this.keyStreams = new KeyStreams(settings.maxPerKey);
  }

  /** A feed of what `caller` may see among `types`, not yet open. */
  feed(caller: LiveCaller, types: ReadonlySet<string>, on: FeedHandlers): LiveFeed {
    const { actor } = caller;
    const viewer: Viewer = {
      type: actor.type,
      id: actor.id,
      userId: actor.userId,
      teamIds: new Set(actor.teamIds),
      types,
      keyId: caller.keyId,
    };
    const recheck = () => {
      // The verdict cached for this key may predate the change: ask the directory again.
      if (caller.keyId) this.keyCache.dropKey(caller.keyId);
      return this.resolver.resolve(caller.rawKey, caller.ip);
    };
    return new LiveFeed({ hub: this.hub, viewer, recheck, bufferMax: this.settings.queueMax }, on);
  }
}

/** Ensures the live stream and starts this gateway's reader of it. */
export async function startLive(
  bus: EventBus,
  config: GatewayConfig,
  resolver: CredentialCheck,
  keyCache: KeyCache,
): Promise<LiveService> {
  const jsm = await bus.nc.jetstreamManager();
  const ensure = () =>
    ensureLiveStream(jsm, bus.prefix, {
      retentionHours: config.EVENTS_RETENTION_HOURS,
      replicas: config.NATS_REPLICAS,
    });
  const stream = await ensure();
  const hub = await LiveHub.start(
    {
      js: bus.nc.jetstream(),
      stream,
      prefix: bus.prefix,
      bounds: async () => {
        const { state } = await jsm.streams.info(stream);
        return { first: state.first_seq, last: state.last_seq };
      },
      ensure: async () => void (await ensure()),
    },
    new ProjectTeams(bus),
  );
  return new LiveService(hub, resolver, keyCache, {
    heartbeatMs: config.EVENTS_HEARTBEAT_MS,
    queueMax: config.EVENTS_QUEUE_MAX,
    maxPerKey: config.EVENTS_MAX_STREAMS_PER_KEY,
  });
}
