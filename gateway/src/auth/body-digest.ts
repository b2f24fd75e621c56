import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '@momentum/contracts';
import { bodyDigest, EMPTY_BODY_DIGEST } from '@momentum/http';

/** The digest of each request body as it arrived (WeakMap: it goes with the request). */
const arrived = new WeakMap<object, string>();

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The signature the services check covers the body's SHA-256, so the gateway reads each body
 * once, up to the body limit, before it is parsed or streamed on: its digest is kept, and the
 * same bytes are handed on to the parser (or to the service, on the streamed path families).
 */
export const bodyDigestPlugin = fp(
  async (app) => {
    const limit = app.initialConfig.bodyLimit ?? 1024 * 1024;
    app.addHook('preParsing', async (request, _reply, payload) => {
      if (BODYLESS.has(request.method)) return payload;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of payload as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > limit) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
        chunks.push(chunk);
      }
      const body = Buffer.concat(chunks);
      arrived.set(request, bodyDigest(body));
      return Readable.from(body.length ? [body] : []);
    });
  },
  { name: 'momentum-body-digest', fastify: '5.x', dependencies: ['momentum-errors'] },
);

/**
 * The digest of the body the gateway sends on: the bytes as they came when the body is
 * streamed on (path families), the JSON the gateway writes when it parsed it (its own
 * routes), nothing when there is none.
 */
export function forwardedBodyDigest(request: FastifyRequest): string {
  const body = request.body;
  // reply-from sends no bytes for a body of null, as for none.
  if (body === undefined || body === null) return EMPTY_BODY_DIGEST;
  if (body instanceof Readable) return arrived.get(request) ?? EMPTY_BODY_DIGEST;
  return bodyDigest(JSON.stringify(body));
}
