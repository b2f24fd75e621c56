import { z } from 'zod';

/**
 * Per-service signing keys. `SIGNING_KEYS` lists the keys a process signs with, one per service
 * it calls (`identity=<key>,habits=<key>`); `TRUSTED_SIGNING_KEYS` the keys a service accepts,
 * one per caller (`gateway=<key>,webhooks=<key>`). Each pair of caller and callee has its own
 * key, so a service holds only the keys others use toward it and cannot sign as its callers
 * toward anyone else. Without them every process signs and verifies with INTERNAL_SECRET
 * (caller `internal`): one shared secret, as before, still bound to the request.
 */
export const SigningKeysConfig = {
  SIGNING_KEYS: z.string().optional(),
  TRUSTED_SIGNING_KEYS: z.string().optional(),
  /**
   * How long a signed internal request is good for, either side of its timestamp (clock skew
   * included): what bounds a replay to a process the request never reached (docs/SECURITY.md,
   * Replay). Pods' clocks must agree well within it.
   */
  SIGNATURE_WINDOW_MS: z.coerce.number().int().min(1000).max(300_000).default(5000),
};

/**
 * bcrypt's cost (2^cost rounds) for the API-key secrets a service hashes: identity's user keys,
 * agents' agent keys. 10 in production, about 60–80 ms of CPU per hash and per comparison here;
 * each step up doubles it. Tests run at the minimum, 4 (about 1 ms): they check what a key
 * unlocks, not how slowly. A hash carries its cost (`$2b$10$…`), so the gateway compares any
 * key at the cost it was made with, and a changed setting applies to keys made after it.
 */
export const KEY_HASH_COST = { min: 4, max: 15, production: 10 } as const;

export const KeyHashConfig = {
  API_KEY_HASH_COST: z.coerce
    .number()
    .int()
    .min(KEY_HASH_COST.min)
    .max(KEY_HASH_COST.max)
    .default(KEY_HASH_COST.production),
};

/**
 * Typed configuration, validated once at startup: a bad value stops the process with a
 * message naming the variable instead of failing on the first request.
 */
export const BaseConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().default('127.0.0.1'),
  MONGO_URL: z.string().default('mongodb://127.0.0.1:27017'),
  /** Database name; defaults to `momentum_<service>`. */
  MONGO_DB: z.string().optional(),
  NATS_URL: z.string().default('nats://127.0.0.1:4222'),
  /**
   * Copies JetStream keeps of each stream and key-value bucket this process creates: 1 on one
   * NATS server, 3 on a three-node cluster (Kubernetes). Used when a stream or bucket is made.
   */
  NATS_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /** Subject and stream prefix; tests choose their own. */
  EVENT_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .default('momentum'),
  INTERNAL_SECRET: z.string().min(32, 'INTERNAL_SECRET must be at least 32 characters'),
  /** Per-service signing keys (SigningKeysConfig above); without them INTERNAL_SECRET signs. */
  ...SigningKeysConfig,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Requests a service works on at once, the next waiting in order (admission.ts); 0: no
   * limit. Generous by default: it guards a service against a flood, and a low limit holds
   * writes below what the service serves with none (docs/API.md, Limits).
   */
  MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(10_000).default(64),
  /** Requests that may wait for a turn; one more gets 503 with Retry-After. */
  MAX_QUEUED: z.coerce.number().int().min(0).max(100_000).default(2000),
  /**
   * A port of its own for `GET /metrics`, apart from the API (a deployment then admits its
   * Prometheus to that port alone); 0, the default: /metrics on PORT.
   */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(0),
});
export type BaseConfig = z.infer<typeof BaseConfigSchema>;

/** The admission options of a service's configuration, or none when turned off. */
export const admissionOf = (config: Pick<BaseConfig, 'MAX_IN_FLIGHT' | 'MAX_QUEUED'>) =>
  config.MAX_IN_FLIGHT > 0
    ? { maxInFlight: config.MAX_IN_FLIGHT, maxQueued: config.MAX_QUEUED }
    : undefined;

export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
  throw new Error(`Invalid configuration:\n${problems}`);
}

/** Where each service listens by default, and how the gateway finds it. */
export const DefaultPorts = {
  gateway: 3000,
  identity: 3001,
  habits: 3002,
  projects: 3003,
  issues: 3004,
  agents: 3005,
  webhooks: 3006,
  notifications: 3007,
  mcp: 3100,
} as const;
