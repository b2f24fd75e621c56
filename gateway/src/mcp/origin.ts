import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import { forbidden } from '@momentum/contracts';
import { originPolicy, ownOrigins } from '@momentum/mcp-tools';
import type { GatewayConfig } from '../config.js';

type OriginConfig = Pick<GatewayConfig, 'HOST' | 'PORT' | 'CORS_ORIGINS' | 'MCP_ALLOWED_ORIGINS'>;

/**
 * The origins `/mcp` admits: MCP_ALLOWED_ORIGINS when set, else the gateway's own (loopback
 * and its listening address, on its port) and the CORS allowlist.
 */
export function mcpOrigins(config: OriginConfig, port = config.PORT): string[] {
  return config.MCP_ALLOWED_ORIGINS.length
    ? config.MCP_ALLOWED_ORIGINS
    : [...ownOrigins(config.HOST, port), ...config.CORS_ORIGINS];
}

/**
 * DNS-rebinding protection for `/mcp` (libs/mcp-tools origins.ts): a request whose Origin is
 * not admitted is 403 before authentication, so a rebound page learns nothing, not even
 * whether a key works. No Origin (a non-browser client) passes. A CORS preflight is answered
 * by the CORS plugin before this hook.
 */
export const mcpOriginPlugin = fp<{ config: OriginConfig }>(
  async (app, { config }) => {
    let allowed: ((origin: string) => boolean) | undefined;
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      if (origin === undefined || reply.sent) return;
      const path = request.url.split('?')[0];
      if (path !== '/mcp') return;
      // Built once the port is known (PORT=0 listens on a port the system picks).
      allowed ??= originPolicy(
        mcpOrigins(config, config.PORT || (app.server.address() as AddressInfo | null)?.port),
      );
      if (!allowed(origin)) throw forbidden(`Origin ${origin.slice(0, 200)} may not call /mcp`);
    });
  },
  { name: 'momentum-mcp-origin', fastify: '5.x', dependencies: ['momentum-errors'] },
);
