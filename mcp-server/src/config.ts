import { z } from 'zod';
import { originPolicy, ownOrigins } from '@momentum/mcp-tools';

/** The standalone server's settings, from the environment. */
export const ConfigSchema = z.object({
  SVC_BASE_URL: z.url().default('http://127.0.0.1:3000').describe('Gateway address the tools call'),
  SVC_API_KEY: z.string().optional().describe('API key for stdio mode (svc_…)'),
  MCP_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3100)
    .describe('Port of the HTTP mode'),
  HOST: z.string().default('127.0.0.1').describe('Interface the HTTP mode listens on'),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(0)
    .describe('A port of its own for GET /metrics of the HTTP mode; 0: on MCP_PORT'),
  MCP_PUBLIC_URL: z
    .url()
    .optional()
    .describe(
      'The public URL of this server (its OAuth resource is <this>/mcp); default http://HOST:MCP_PORT',
    ),
  OAUTH_ISSUER: z
    .url()
    .optional()
    .describe('The gateway’s public URL, its OAuth authorization server; default SVC_BASE_URL'),
  OAUTH_EXCHANGE_SECRET: z
    .string()
    .min(32)
    .optional()
    .describe(
      'The gateway’s OAUTH_EXCHANGE_SECRET: with it, clients may connect with OAuth tokens, exchanged at the gateway',
    ),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .describe(
      'Addresses of proxies in front of this server whose X-Forwarded-For names the client (comma-separated)',
    ),
  MCP_ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .describe(
      'Browser origins /mcp admits (DNS-rebinding protection), comma-separated: *, scheme://host[:port], or scheme://host:* for any port; empty: this server’s own (loopback and HOST, on MCP_PORT) and CORS_ORIGINS',
    ),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .describe('The gateway’s CORS allowlist, when set here too: admitted by /mcp by default'),
});
export type Config = z.output<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  try {
    originPolicy(parsed.data.MCP_ALLOWED_ORIGINS);
    originPolicy(parsed.data.CORS_ORIGINS);
  } catch (err) {
    throw new Error(`invalid configuration: ${(err as Error).message}`);
  }
  return parsed.data;
}

/** The origins /mcp admits: MCP_ALLOWED_ORIGINS, else its own and CORS_ORIGINS. */
export const allowedOrigins = (config: Config, port = config.MCP_PORT): string[] =>
  config.MCP_ALLOWED_ORIGINS.length
    ? config.MCP_ALLOWED_ORIGINS
    : [...ownOrigins(config.HOST, port), ...config.CORS_ORIGINS];
