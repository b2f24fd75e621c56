// Kept over @fastify/helmet: helmet builds its middleware on every request, and the error
// handler and the MCP streams need these headers as plain data.
import fp from 'fastify-plugin';

/** Headers every response carries; no response is cached or framed. */
export const securityHeaders: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/**
 * Every response, errors and proxied ones included. A header a route set itself wins
 * (the HTML docs page loosens the CSP for its inline style), so none is ever missing.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    app.addHook('onSend', (_request, reply, payload, done) => {
      for (const name in securityHeaders) {
        if (!reply.hasHeader(name)) reply.header(name, securityHeaders[name]!);
      }
      done(null, payload);
    });
  },
  { name: 'momentum-security-headers', fastify: '5.x' },
);
