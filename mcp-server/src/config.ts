import { z } from 'zod';

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
});
export type Config = z.output<typeof ConfigSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`invalid configuration: ${problems}`);
  }
  return parsed.data;
}
