import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import { isPublicAddress } from '../domain/address.js';
import type { AttemptError, AttemptResult } from '../domain/outcome.js';
import { hostOf } from '../domain/target-url.js';
import type { Resolve } from '../clients/resolver.js';
import { ADDRESS_NOT_ALLOWED, FORBIDDEN_ADDRESS, safeLookup } from './safe-lookup.js';

export interface SenderOptions {
  timeoutMs: number;
  allowPrivate: boolean;
  resolve: Resolve;
}

/** Reply bodies are read only to free the connection, and no further than this. */
const MAX_REPLY_BYTES = 64 * 1024;

/**
 * One HTTP POST per attempt. Production rules hold here, whatever was checked when the
 * subscription was made (settings change, DNS changes): https only, and every connection
 * goes to an address checked by safeLookup (an IP literal is checked directly — sockets do
 * not look those up). Redirects are never followed (undici follows none unless told to).
 * The whole attempt — connect, send, reply head — has one deadline.
 */
export class WebhookSender {
  private readonly agent: Agent;

  constructor(private readonly options: SenderOptions) {
    this.agent = new Agent({
      connect: {
        lookup: safeLookup(options.resolve, options.allowPrivate),
        timeout: options.timeoutMs,
      },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      keepAliveTimeout: 4000,
    });
  }

  async send(
    target: string,
    headers: Record<string, string>,
    body: string,
  ): Promise<AttemptResult> {
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return { kind: 'error', error: 'forbidden_target', message: 'not a valid URL' };
    }
    const refusal = this.refusal(url);
    if (refusal) return { kind: 'error', error: 'forbidden_target', message: refusal };
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const res = await request(url, {
        method: 'POST',
        headers,
        body,
        dispatcher: this.agent,
        signal,
      });
      await res.body.dump({ limit: MAX_REPLY_BYTES, signal }).catch(() => undefined);
      const retryAfter = res.headers['retry-after'];
      return {
        kind: 'response',
        status: res.statusCode,
        retryAfter: (Array.isArray(retryAfter) ? retryAfter[0] : retryAfter) ?? null,
      };
    } catch (err) {
      const error = errorKindOf(err);
      return {
        kind: 'error',
        error,
        message: error === 'forbidden_target' ? ADDRESS_NOT_ALLOWED : messageOf(err),
      };
    }
  }

  private refusal(url: URL): string | null {
    if (this.options.allowPrivate) return null;
    if (url.protocol !== 'https:') return 'https is required';
    const host = hostOf(url);
    if (isIP(host) && !isPublicAddress(host)) return ADDRESS_NOT_ALLOWED;
    return null;
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

/** Undici wraps connect errors; the lookup's refusal may sit one or two causes down. */
function errorKindOf(err: unknown): AttemptError {
  for (
    let e = err as { code?: string; name?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    // A name that does not resolve reads as a refused one (safe-lookup.ts).
    if (e.code === FORBIDDEN_ADDRESS || e.code === 'ENOTFOUND') return 'forbidden_target';
    if (
      e.name === 'TimeoutError' ||
      e.code === 'UND_ERR_CONNECT_TIMEOUT' ||
      e.code === 'UND_ERR_HEADERS_TIMEOUT' ||
      e.code === 'UND_ERR_BODY_TIMEOUT'
    )
      return 'timeout';
    e = e.cause as typeof e;
  }
  return 'network';
}

function messageOf(err: unknown): string {
  const e = err as { message?: string; code?: string; cause?: { message?: string } };
  const own = e.message || e.code || 'request failed';
  return e.cause?.message && !own.includes(e.cause.message) ? `${own}: ${e.cause.message}` : own;
}
