import { UpstreamPool } from '@momentum/replicas';
import { AppError, SYSTEM_ACTOR, type Actor } from '@momentum/contracts';
import { bodyDigest, signActor, type Signer } from './actor-header.js';
import { traceHeaders } from '@momentum/telemetry';

/**
 * HTTP between services, signed like the gateway signs (with this process's key toward the
 * service called, signerToward(), or the shared INTERNAL_SECRET), as the system actor unless
 * a caller's actor is passed on. Only for lookups; state changes travel as events.
 */
export class InternalClient {
  private readonly pool: UpstreamPool;

  /** `baseUrl` may list several replicas, comma-separated; requests go round robin. */
  constructor(
    baseUrl: string,
    private readonly signer: string | Signer,
  ) {
    this.pool = new UpstreamPool(baseUrl, { connections: 16 });
  }

  async get<T>(path: string, actor: Actor = SYSTEM_ACTOR): Promise<T | null> {
    return this.call<T>('GET', path, undefined, actor);
  }

  async post<T>(path: string, body: unknown, actor: Actor = SYSTEM_ACTOR): Promise<T | null> {
    return this.call<T>('POST', path, body, actor);
  }

  /**
   * A GET whose reply is read as it arrives (a service's NDJSON export): the body's stream,
   * null for a 404. Nothing of it is buffered here; a broken stream errors the readable.
   */
  async stream(path: string, actor: Actor = SYSTEM_ACTOR): Promise<NodeJS.ReadableStream | null> {
    let res;
    try {
      res = await this.pool.request({
        method: 'GET',
        path,
        headers: {
          ...signActor(actor, this.signer, {
            method: 'GET',
            url: path,
            bodyDigest: bodyDigest(undefined),
          }),
          ...traceHeaders(),
        },
        headersTimeout: 5000,
        bodyTimeout: 30_000,
      });
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'A dependent service is unavailable');
    }
    if (res.statusCode === 200) return res.body;
    await res.body.text().catch(() => undefined);
    if (res.statusCode === 404) return null;
    throw new AppError('SERVICE_UNAVAILABLE', `Internal call failed (${res.statusCode})`);
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    actor: Actor,
  ): Promise<T | null> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    let res;
    try {
      res = await this.pool.request({
        method,
        path,
        headers: {
          'content-type': 'application/json',
          ...signActor(actor, this.signer, { method, url: path, bodyDigest: bodyDigest(text) }),
          ...traceHeaders(),
        },
        body: text,
        headersTimeout: 5000,
        bodyTimeout: 5000,
      });
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE', 'A dependent service is unavailable');
    }
    const reply = await res.body.text();
    if (res.statusCode === 404) return null;
    if (res.statusCode >= 400) {
      throw new AppError(
        res.statusCode >= 500 ? 'SERVICE_UNAVAILABLE' : 'BAD_REQUEST',
        `Internal call failed (${res.statusCode})`,
      );
    }
    return (reply ? (JSON.parse(reply) as { data: T }).data : null) ?? null;
  }

  async close(): Promise<void> {
    await this.pool.close();
  }
}
