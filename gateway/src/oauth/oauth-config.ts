import { z } from 'zod';

const list = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** The authorization server's settings (docs/SECURITY.md, "OAuth"). */
export const OAuthConfig = {
  /**
   * The issuer: the gateway's public URL (`https://momentum.example.com`), which is also the
   * resource its tokens are for. Absent: the URL each request came to (fine on one host).
   */
  OAUTH_ISSUER: z.url().optional(),
  /**
   * Other resources tokens may be issued for, comma-separated: the standalone MCP servers'
   * `https://…/mcp`. Only these may exchange their tokens for the gateway's (RFC 8693).
   */
  OAUTH_RESOURCES: list,
  /** The secret the standalone MCP servers authenticate their token exchanges with. */
  OAUTH_EXCHANGE_SECRET: z.string().min(32).optional(),
  /** Lifetimes, in seconds: access tokens are short, refresh tokens rotate. */
  OAUTH_ACCESS_TTL_S: z.coerce.number().int().min(30).max(86_400).default(900),
  OAUTH_REFRESH_TTL_S: z.coerce
    .number()
    .int()
    .min(60)
    .max(90 * 86_400)
    .default(30 * 86_400),
  /** Client metadata documents may be fetched from private addresses (local stacks only). */
  OAUTH_ALLOW_PRIVATE_CLIENT_METADATA: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
};
