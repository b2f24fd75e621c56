import { Dispatcher } from 'undici';
import { UpstreamPool } from '@momentum/replicas';
import type { Upstream } from '../config.js';

/**
 * The replicas of every service, one {@link UpstreamPool} each (round robin, a replica that
 * refuses connections or stalls on a read skipped for a few seconds). Requests name a service by the origin of
 * its first replica (`origin`); whichever replica is next answers.
 */
export class Upstreams {
  readonly sets: Record<Upstream, UpstreamPool>;
  /** One dispatcher for the routes that pick their service per request (reply-from). */
  readonly router: Dispatcher;

  constructor(urls: Record<Upstream, string>, connections: number, tryTimeoutMs = 0) {
    this.sets = Object.fromEntries(
      Object.entries(urls).map(([name, list]) => [
        name,
        new UpstreamPool(list, { ...undiciOptions(connections), tryTimeoutMs }),
      ]),
    ) as Record<Upstream, UpstreamPool>;
    this.router = new OriginRouter(Object.values(this.sets));
  }

  /** The origin requests for `upstream` name (its first replica's). */
  origin(upstream: Upstream): string {
    return this.sets[upstream].origin;
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.sets).map((s) => s.close()));
  }
}

/** Hands each request to the replica set whose stand-in origin it names. */
class OriginRouter extends Dispatcher {
  private readonly byOrigin: Map<string, UpstreamPool>;

  constructor(sets: UpstreamPool[]) {
    super();
    this.byOrigin = new Map(sets.map((s) => [s.origin, s]));
  }

  override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
    if (opts.origin === undefined)
      throw new Error('no upstream serves a request without an origin');
    // Requests name the stand-in origin as given (reply-from passes it on as a string):
    // looked up as is first, parsed only otherwise (no URL parse on every request).
    const named = String(opts.origin);
    const set = this.byOrigin.get(named) ?? this.byOrigin.get(new URL(named).origin);
    if (!set) throw new Error(`no upstream serves ${String(opts.origin)}`);
    return set.dispatch(opts, handler);
  }

  override async close(): Promise<void> {}
  override async destroy(): Promise<void> {}
}

export function undiciOptions(connections: number) {
  return {
    connections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  };
}
