import { z } from 'zod';
import { BaseConfigSchema, DefaultPorts } from '@momentum/config';
import { parseReplicaUrls } from '@momentum/replicas';
import { originMatcher, parseOrigins } from './cors/origins.js';
import { KeyGuardConfig } from './auth/guard-config.js';
import { LiveConfig } from './live/live-config.js';
import { OAuthConfig } from './oauth/oauth-config.js';

/**
 * A service's base URL, or its replicas' comma-separated (`http://h:3004,http://h:4004`):
 * the gateway sends to them in turn and skips one that refuses connections.
 */
/** A comma-separated list of origin patterns, each checked once at start. */
const originList = () =>
  z
    .string()
    .default('')
    .transform((list, ctx) => {
      const origins = parseOrigins(list);
      for (const origin of origins) {
        try {
          originMatcher(origin);
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message });
        }
      }
      return origins;
    });

const url = (port: number) =>
  z
    .string()
    .default(`http://127.0.0.1:${port}`)
    .superRefine((list, ctx) => {
      try {
        parseReplicaUrls(list);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    });

export const GatewayConfigSchema = BaseConfigSchema.omit({
  MONGO_URL: true,
  MONGO_DB: true,
}).extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(DefaultPorts.gateway),
  IDENTITY_URL: url(DefaultPorts.identity),
  HABITS_URL: url(DefaultPorts.habits),
  PROJECTS_URL: url(DefaultPorts.projects),
  ISSUES_URL: url(DefaultPorts.issues),
  AGENTS_URL: url(DefaultPorts.agents),
  WEBHOOKS_URL: url(DefaultPorts.webhooks),
  NOTIFICATIONS_URL: url(DefaultPorts.notifications),
  /** How long a verified key is trusted without asking again (invalidated at once by events). */
  KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  ...KeyGuardConfig,
  /** Connections per upstream service. */
  UPSTREAM_CONNECTIONS: z.coerce.number().int().min(1).max(1024).default(64),
  /**
   * How long a read (GET, HEAD) waits for a replica's answer to begin before it is asked of
   * the service's next replica (a stalled process: stopped, swapping, in a long GC); 0 waits
   * as long as the connection allows. Only where a service has several replicas.
   */
  UPSTREAM_TRY_TIMEOUT_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** Requests per key per window; 0 turns rate limiting off. */
  RATE_LIMIT_MAX: z.coerce.number().int().min(0).default(3000),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * Requests per account per window, all its keys and its agents' keys together (in the same
   * windows as the per-key one); absent: three times RATE_LIMIT_MAX; 0 turns it off.
   */
  RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(0).optional(),
  /**
   * Browser origins allowed to call the API (CORS), comma-separated: `*`, an exact origin, or
   * `scheme://host:*` for any port. None by default: no web page elsewhere may read a
   * response. `npm start` allows http://localhost:* and http://127.0.0.1:*.
   */
  /**
   * Where the gateway serves its own Prometheus metrics (`GET /metrics`), apart from the API's
   * port so no client reaches them; 0 serves none. Several gateways on one host each need
   * their own.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  ...LiveConfig,
  ...OAuthConfig,
  CORS_ORIGINS: originList(),
  /**
   * Browser origins `/mcp` admits (DNS-rebinding protection; same patterns as CORS_ORIGINS);
   * empty: the gateway's own origins and CORS_ORIGINS. A request without Origin always passes.
   */
  MCP_ALLOWED_ORIGINS: originList(),
});
export type GatewayConfig = z.infer<typeof GatewayConfigSchema>;

export type Upstream =
  'identity' | 'habits' | 'projects' | 'issues' | 'agents' | 'webhooks' | 'notifications';

export const upstreamUrls = (c: GatewayConfig): Record<Upstream, string> => ({
  identity: c.IDENTITY_URL,
  habits: c.HABITS_URL,
  projects: c.PROJECTS_URL,
  issues: c.ISSUES_URL,
  agents: c.AGENTS_URL,
  webhooks: c.WEBHOOKS_URL,
  notifications: c.NOTIFICATIONS_URL,
});

/** Requests per account per window: RATE_LIMIT_ACCOUNT_MAX, else three keys' worth. */
export const accountRateMax = (
  c: Pick<GatewayConfig, 'RATE_LIMIT_MAX' | 'RATE_LIMIT_ACCOUNT_MAX'>,
) => c.RATE_LIMIT_ACCOUNT_MAX ?? 3 * c.RATE_LIMIT_MAX;
