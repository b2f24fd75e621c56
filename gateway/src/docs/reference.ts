import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import scalar from '@scalar/fastify-api-reference';
import type { OpenApiDocument } from '@momentum/http';
import { outlineHtml } from './outline.js';

export const REFERENCE_PREFIX = '/docs';

/**
 * What the reference page may load: its own script and the document, from this gateway and
 * nowhere else (no CDN, no fonts or telemetry from elsewhere); requests it sends go to this
 * gateway only. Its one inline script (the configuration) is allowed by hash.
 */
const policy = (inlineScriptHashes: string[]) =>
  [
    "default-src 'none'",
    `script-src 'self' ${inlineScriptHashes.map((h) => `'sha256-${h}'`).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** sha256 (base64) of each inline script of a page, as CSP names them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((m) =>
    createHash('sha256').update(m[1]!).digest('base64'),
  );
}

/**
 * `GET /docs`: Scalar's interactive API reference of the document at `documentUrl`, with
 * its bundled script served from here (`/docs/js/scalar.js`). "Authentication" takes the
 * bearer key (`svc_…`), which "Test request" then sends. Without JavaScript the page lists
 * the operations (`outline`).
 */
export function registerReference(
  app: FastifyInstance,
  documentUrl: string,
  outline: () => Promise<OpenApiDocument>,
): void {
  void app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      const type = String(reply.getHeader('content-type') ?? '');
      if (typeof payload === 'string' && type.startsWith('text/html')) {
        const page = payload.replace('</body>', `${outlineHtml(await outline())}\n  </body>`);
        reply.header('content-security-policy', policy(inlineScriptHashes(page)));
        return page;
      }
      if (type.startsWith('application/javascript'))
        // The bundle is the same for every release of this gateway: cache it briefly.
        reply.header('cache-control', 'public, max-age=3600');
      return payload;
    });
    await scope.register(scalar, {
      routePrefix: REFERENCE_PREFIX,
      logLevel: 'warn',
      configuration: {
        url: documentUrl,
        pageTitle: 'Momentum API',
        withDefaultFonts: false,
        telemetry: false,
        showDeveloperTools: 'never',
        hideClientButton: false,
        persistAuth: false,
        mcp: { disabled: true },
        agent: { disabled: true },
        authentication: { preferredSecurityScheme: 'bearer' },
        defaultOpenFirstTag: true,
      },
    });
  });
}
