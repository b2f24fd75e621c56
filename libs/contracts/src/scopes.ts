import { z } from 'zod';
import { AppError } from './errors.js';

/**
 * The one catalogue of API key scopes. A scope is `<resource>:<read|write>`: `read` lets a
 * key GET the resource, `write` lets it create, change and delete. The gateway maps every
 * route to one scope (gateway/src/routing/route-table.ts); MCP tools name the scopes they
 * need; the OpenAPI document names each operation's. A key without scopes has them all.
 */
export const SCOPE_CATALOGUE = {
  'tasks:read': 'Read personal tasks (habits, dailies, to-dos)',
  'tasks:write': 'Create, change, complete and archive personal tasks',
  'issues:read': 'Read and search issues, their comments, blockers and activity',
  'issues:write': 'Create and change issues, comments and blockers',
  'projects:read': 'Read projects and their issue counts',
  'projects:write': 'Create, change and delete projects',
  'teams:read': 'Read the caller’s teams and their members',
  'teams:write': 'Create teams, add and remove members',
  'agents:read': 'Read the caller’s agents',
  'agents:write': 'Create, change and delete agents, and mint or rotate their keys',
  'webhooks:read': 'Read webhook subscriptions and their deliveries',
  'webhooks:write': 'Create, change and delete subscriptions, rotate secrets, redeliver',
  'notifications:read': 'Read the caller’s inbox of notifications and its unread count',
  'notifications:write': 'Mark the caller’s notifications read',
  'profile:read': 'Read XP, level and day settings',
  'profile:write':
    'Change the time zone and the hour the day starts, and the caller’s name and email',
  'keys:read': 'List the caller’s own API keys (never the keys themselves)',
  'keys:write': 'Create and revoke the caller’s own API keys',
  'users:write': 'Create users (admins only)',
} as const;

export type ApiScope = keyof typeof SCOPE_CATALOGUE;
export const SCOPES = Object.keys(SCOPE_CATALOGUE) as [ApiScope, ...ApiScope[]];

export const isScope = (value: string): value is ApiScope => value in SCOPE_CATALOGUE;

/** The scope of an access to a resource: reading is GET (and HEAD), anything else writes. */
export const scopeFor = (resource: string, method: string): ApiScope | null => {
  const scope = `${resource}:${method === 'GET' || method === 'HEAD' ? 'read' : 'write'}`;
  return isScope(scope) ? scope : null;
};

/** What a key may do: its own scopes, or every scope when it was created without any. */
export const effectiveScopes = (scopes: readonly string[] | null | undefined): ApiScope[] =>
  scopes ? SCOPES.filter((s) => scopes.includes(s)) : [...SCOPES];

/** The 403 for a call outside the key's scopes (the message alone survives in shape B). */
export const missingScope = (requiredScope: ApiScope, what?: string) =>
  new AppError(
    'FORBIDDEN',
    `This API key lacks the scope ${requiredScope}${what ? `, which ${what} requires` : ''}`,
    { requiredScope },
  );

/** The longest a key may live: beyond this an expiry is a typo, not a choice. */
const MAX_LIFETIME_MS = 5 * 366 * 24 * 3600 * 1000;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** Validation rules the agents' paths answer as 422 too (they are semantics, not syntax). */
export const KEY_GRANT_RULES = ['unknown_scope', 'future', 'max_lifetime'] as const;

const scope = z
  .string()
  .superRefine((value, ctx) => {
    if (!isScope(value))
      ctx.addIssue({
        code: 'custom',
        message: `unknown scope "${value.slice(0, 40)}"; the scopes are ${SCOPES.join(', ')}`,
        params: { rule: 'unknown_scope', value: value.slice(0, 100) },
      });
  })
  .meta({ enum: SCOPES });

const expiresAt = z
  .string()
  .regex(ISO_DATE_TIME, {
    message: 'must be an ISO 8601 date-time with a zone (2027-01-31T00:00:00Z) or a date',
  })
  .refine((v) => !Number.isNaN(Date.parse(v)), {
    message: 'must be a real date',
    params: { rule: 'format' },
  })
  .refine((v) => Date.parse(v) > Date.now(), {
    message: 'must be in the future',
    params: { rule: 'future' },
  })
  .refine((v) => Date.parse(v) <= Date.now() + MAX_LIFETIME_MS, {
    message: 'must be at most 5 years ahead',
    params: { rule: 'max_lifetime' },
  })
  .transform((v) => new Date(v).toISOString())
  .meta({ format: 'date-time', examples: ['2027-01-31T00:00:00Z'] });

/**
 * What a new key is given: `POST /api/users/me/api-keys`, and the agents' `api-key` and
 * `regen-key`. Everything is optional; `{}` or no body keeps the defaults (see grantFor).
 */
export const KeyGrantBody = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(1, { message: 'must be 1 to 100 characters' })
      .max(100, { message: 'must be 1 to 100 characters' })
      .optional()
      .describe('A label to tell keys apart'),
    scopes: z
      .array(scope)
      .min(1, { message: 'must name at least one scope (omit it for every scope)' })
      .max(SCOPES.length)
      .transform((list) => SCOPES.filter((s) => list.includes(s)))
      .optional()
      .describe(
        'What the key may do (see the scope catalogue); omitted: the caller key’s own scopes (every scope for an unrestricted key)',
      ),
    expiresAt: expiresAt
      .optional()
      .describe(
        'When the key stops working (future, at most 5 years ahead); omitted: never, or when the caller’s key expires',
      ),
  })
  .meta({ id: 'ApiKeyGrant', description: 'The optional name, scopes and expiry of a new key' });
export type KeyGrantInput = z.output<typeof KeyGrantBody>;

/** A key's grant as stored: null scopes is every scope; null expiry never expires. */
export interface KeyGrant {
  name: string | null;
  scopes: ApiScope[] | null;
  expiresAt: Date | null;
}

/** The caller's own grant, as the gateway put it on the actor. */
export interface GrantingKey {
  scopes?: readonly string[] | null;
  keyExpiresAt?: string | null;
}

/**
 * The grant of a key minted by a caller: never more than the caller's own key holds. Omitted
 * scopes and expiry are inherited (an unrestricted caller gives every scope and no expiry);
 * asking for a scope the caller lacks, or an expiry after the caller's own, is 403 — a
 * read-only key must not be able to mint itself a read-write one.
 */
export function grantFor(caller: GrantingKey, input: KeyGrantInput = {}): KeyGrant {
  const held = caller.scopes ?? null;
  const scopes = input.scopes ?? (held ? effectiveScopes(held) : null);
  if (held && scopes) {
    const beyond = scopes.filter((s) => !held.includes(s));
    if (beyond.length)
      throw new AppError(
        'FORBIDDEN',
        `A key cannot grant scopes it does not hold: ${beyond.join(', ')}`,
        { scopes: beyond },
      );
  }
  const ceiling = caller.keyExpiresAt ? new Date(caller.keyExpiresAt) : null;
  const expiresAt = input.expiresAt ? new Date(input.expiresAt) : ceiling;
  if (ceiling && expiresAt && expiresAt > ceiling)
    throw new AppError(
      'FORBIDDEN',
      `A key cannot outlive the key that creates it (${ceiling.toISOString()})`,
      { expiresAt: ceiling.toISOString() },
    );
  return { name: input.name ?? null, scopes, expiresAt };
}

/** The grant fields replies carry. */
export const KeyGrantFields = {
  name: z.string().nullable().describe('The label given at creation'),
  scopes: z
    .array(z.enum(SCOPES))
    .nullable()
    .describe('What the key may do; null: every scope (a key created without scopes)'),
  expiresAt: z.iso.datetime().nullable().describe('When the key stops working; null: never'),
};
