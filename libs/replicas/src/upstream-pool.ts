// Kept over undici's BalancedPool: it weighs upstreams by their errors but never retries a request on another one, skips a refusing replica for a time, or abandons a stalled read; all three happen here.
import { Dispatcher, Pool } from 'undici';

/** Errors that mean the connection was never made: nothing of the request reached a replica. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/**
 * Whether an upstream error (or its `cause`) says the request never reached a replica: the
 * connection was not made. Any other failure may have come after the service got it.
 */
export function neverReached(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e)
    if (NOT_CONNECTED.has(e.code ?? '')) return true;
  return false;
}

/** No body to send: none, or an empty one (reply-from hands every GET an empty string). */
const bodyless = (body: Dispatcher.DispatchOptions['body']) =>
  body == null || body === '' || (body instanceof Uint8Array && body.length === 0);

/** Methods a replica may be asked again after a broken connection: they change nothing. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface UpstreamPoolOptions extends Pool.Options {
  /** How long a replica that refused a connection is skipped (it is tried again after). */
  downMs?: number;
  /**
   * How long a read (GET, HEAD, OPTIONS) waits for a replica's response to begin before it
   * is abandoned there and sent to the next replica, which is then skipped for `downMs`;
   * 0: no such limit. The last replica in line is always waited for.
   */
  tryTimeoutMs?: number;
}

/** A read abandoned on a replica that did not begin to answer in time. */
class ReplicaStalled extends Error {
  readonly code = 'REPLICA_STALLED';
}

/**
 * A comma-separated list of base URLs (`http://a:3004,http://b:4004`) as a list; one URL is
 * a list of one. Anything but an origin (a path, a query) is refused.
 */
export function parseReplicaUrls(list: string): string[] {
  const urls = list
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)
    .map((u) => {
      const url = new URL(u);
      if (url.pathname !== '/' || url.search || url.hash)
        throw new Error(`${u}: a replica is named by its origin only (scheme, host and port)`);
      return url.origin;
    });
  if (urls.length === 0) throw new Error('at least one URL is needed');
  return urls;
}

interface Replica {
  origin: string;
  pool: Pool;
  downUntil: number;
}

type LegacyHandler = Dispatcher.DispatchHandler & {
  onConnect?: (abort: (err?: Error) => void, context?: unknown) => void;
  onError?: (err: Error) => void;
  onHeaders?: (...args: unknown[]) => boolean;
};

/**
 * An undici dispatcher over the replicas of one service: each request goes to the next
 * replica in turn (round robin), whatever origin it names. A replica that refuses the
 * connection is skipped for `downMs` and the request goes to the next one at once: a
 * refused connection means the request never reached a service, so this is safe for any
 * method, a POST included. A connection that breaks after it was made (a replica killed
 * mid-request) is retried elsewhere only for GET, HEAD and OPTIONS, and only while no
 * response has started; a write may have been applied, so its error reaches the caller
 * (the gateway answers 503), who decides (an `Idempotency-Key` makes the retry safe).
 * A read that a replica has not begun to answer within `tryTimeoutMs` (a stalled process:
 * SIGSTOP, swap, a long pause) is abandoned there and asked of the next replica, and the
 * stalled one is skipped for `downMs`. When every replica is marked down, each is tried
 * anyway, in turn.
 */
export class UpstreamPool extends Dispatcher {
  readonly origins: string[];
  private readonly replicas: Replica[];
  private readonly downMs: number;
  private readonly tryTimeoutMs: number;
  private next = 0;

  constructor(
    urls: string | string[],
    { downMs = 3000, tryTimeoutMs = 0, ...poolOptions }: UpstreamPoolOptions = {},
  ) {
    super();
    this.tryTimeoutMs = tryTimeoutMs;
    this.origins =
      typeof urls === 'string' ? parseReplicaUrls(urls) : urls.map((u) => new URL(u).origin);
    this.downMs = downMs;
    this.replicas = this.origins.map((origin) => ({
      origin,
      pool: new Pool(origin, poolOptions),
      downUntil: 0,
    }));
  }

  /** The origin of the first replica: a stand-in that requests name; any replica answers. */
  get origin(): string {
    return this.origins[0]!;
  }

  /**
   * The replicas not marked down now (the ones a request would be sent to first); a lone
   * replica is never marked down, having none to be skipped for.
   */
  up(now = Date.now()): string[] {
    return this.replicas.filter((r) => r.downUntil <= now).map((r) => r.origin);
  }

  private order(): Replica[] {
    const n = this.replicas.length;
    const start = this.next++ % n;
    if (this.next >= n * 1_000_000) this.next = 0;
    const rotated = [...this.replicas.slice(start), ...this.replicas.slice(0, start)];
    if (n === 1) return rotated;
    const now = Date.now();
    // The ones up first, in turn; then the ones marked down, soonest back first.
    const up = rotated.filter((r) => r.downUntil <= now);
    const down = rotated.filter((r) => r.downUntil > now).sort((a, b) => a.downUntil - b.downUntil);
    return [...up, ...down];
  }

  override dispatch(
    opts: Dispatcher.DispatchOptions,
    handler: Dispatcher.DispatchHandler,
  ): boolean {
    // A lone replica has no other to retry on or skip to: nothing to watch, so the request
    // goes straight to it, without the watching wrapper's work on every request.
    if (this.replicas.length === 1) {
      const [only] = this.replicas as [Replica];
      return only.pool.dispatch({ ...opts, origin: only.origin }, handler);
    }
    return this.attempt(opts, handler as LegacyHandler, this.order(), 0);
  }

  private attempt(
    opts: Dispatcher.DispatchOptions,
    handler: LegacyHandler,
    order: Replica[],
    index: number,
  ): boolean {
    const replica = order[index]!;
    const last = index === order.length - 1;
    const method = (opts.method ?? 'GET').toUpperCase();
    let connected = false;
    let answered = false;
    const retryable = SAFE_METHODS.has(method) && bodyless(opts.body);
    // A read not begun to be answered in time is abandoned here (abort) and retried next.
    let abort: ((err?: Error) => void) | undefined;
    let stalled = false;
    /** Still waiting for a connection when its time was up: the next replica was asked. */
    let abandoned = false;
    const timer =
      !last && retryable && this.tryTimeoutMs > 0
        ? setTimeout(() => {
            if (answered) return;
            stalled = true;
            replica.downUntil = Date.now() + this.downMs;
            if (abort) return abort(new ReplicaStalled(`${replica.origin} stalled`));
            // Queued behind the replica's busy connections: go on without it; it is
            // cancelled as soon as it gets a connection (onConnect below).
            abandoned = true;
            this.attempt(opts, handler, order, index + 1);
          }, this.tryTimeoutMs)
        : undefined;
    timer?.unref();
    // Legacy (onConnect/onHeaders/…/onError) handlers, as undici's own API and
    // @fastify/reply-from hand them over; every call but a retryable error goes through.
    const wrapped: LegacyHandler = new Proxy(handler, {
      get: (target, prop, receiver) => {
        if (prop === 'onConnect')
          return (abortAttempt: (err?: Error) => void, context?: unknown) => {
            connected = true;
            abort = abortAttempt;
            // Timed out before it got a connection: give up here at once (onError retries).
            if (stalled) return abortAttempt(new ReplicaStalled(`${replica.origin} stalled`));
            return target.onConnect?.(abortAttempt, context);
          };
        if (prop === 'onHeaders')
          return (...args: unknown[]) => {
            answered = true;
            clearTimeout(timer);
            return target.onHeaders?.(...args);
          };
        if (prop === 'onComplete')
          return (...args: unknown[]) => {
            clearTimeout(timer);
            return (target.onComplete as ((...a: unknown[]) => void) | undefined)?.(...args);
          };
        if (prop === 'onError')
          return (err: Error & { code?: string }) => {
            clearTimeout(timer);
            if (abandoned) return;
            const refused = !connected && NOT_CONNECTED.has(err.code ?? '');
            if (refused) replica.downUntil = Date.now() + this.downMs;
            const broken = !answered && retryable;
            if (!last && (refused || broken)) {
              this.attempt(opts, handler, order, index + 1);
              return;
            }
            target.onError?.(err);
          };
        const value = Reflect.get(target, prop, receiver) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return replica.pool.dispatch({ ...opts, origin: replica.origin }, wrapped);
  }

  override async close(): Promise<void> {
    await Promise.all(this.replicas.map((r) => r.pool.close()));
  }

  override async destroy(): Promise<void> {
    await Promise.all(this.replicas.map((r) => r.pool.destroy()));
  }
}
