import { activeTraceIds } from './http.js';

/**
 * Pino options shared by every process: JSON lines, each written inside a trace carrying its
 * `traceId` and `spanId` (a request's lines also carry Fastify's `reqId`, the request id), and
 * secrets never written: keys, the signed actor header, cookies, secrets and request bodies.
 */
export const loggerOptions = (level: string) => ({
  level,
  mixin: () => activeTraceIds() ?? {},
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers["x-api-key"]',
      'req.headers.cookie',
      'req.headers["x-momentum-actor"]',
      'req.headers["x-momentum-actor-sig"]',
      'req.body',
      'headers["x-momentum-actor"]',
      'headers["x-momentum-actor-sig"]',
      'headers["x-api-key"]',
      'headers.authorization',
      'headers.cookie',
      'authorization',
      'apiKey',
      '*.apiKey',
      'key',
      'secret',
      '*.secret',
      'body',
      '*.body',
    ],
    censor: '[redacted]',
  },
});
