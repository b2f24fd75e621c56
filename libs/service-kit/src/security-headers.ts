import type { FastifyInstance } from 'fastify';

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

export function installSecurityHeaders(app: FastifyInstance, except: (url: string) => boolean = () => false): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!except(request.url)) reply.headers(securityHeaders);
    return payload;
  });
}
