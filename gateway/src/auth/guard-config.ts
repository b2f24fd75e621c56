import { availableParallelism } from 'node:os';
import { z } from 'zod';

/**
 * The knobs of key verification under attack (docs/SECURITY.md, "Floods of forged keys").
 * Failures are counted per client address and per key id in fixed windows; 0 turns a
 * limit off.
 */
export const KeyGuardConfig = {
  AUTH_FAILURES_PER_ADDRESS: z.coerce.number().int().min(0).default(60),
  AUTH_FAILURES_PER_KEY: z.coerce.number().int().min(0).default(10),
  AUTH_FAILURE_WINDOW_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** Worker threads comparing secrets with bcrypt: one fewer than the cores, 1 to 4. */
  KEY_VERIFY_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.min(4, Math.max(1, availableParallelism() - 1))),
  /** Comparisons that may wait for a worker; one more is 503 with Retry-After. */
  KEY_VERIFY_QUEUE: z.coerce.number().int().min(0).max(100_000).default(64),
  /**
   * The proxies in front of the gateway whose `X-Forwarded-For` names the client (an Ingress
   * controller): comma-separated addresses or CIDRs. Empty (default): the
   * connection's address is the client's — behind a proxy every client would then share the
   * proxy's address and its failure throttle.
   */
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((v) => v.trim() || undefined),
  /** How long a key id the directory does not know is remembered (0: not at all). */
  UNKNOWN_KEY_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
};
