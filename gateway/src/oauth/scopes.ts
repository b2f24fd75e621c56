import { SCOPES, isScope, type ApiScope } from '@momentum/contracts';

/**
 * The scopes of a grant: those requested (every scope of the catalogue when the client names
 * none), never more than the consenting key holds, narrowed to what the person ticked.
 * Unknown names in a request are dropped (RFC 6749 §3.3 lets the server grant less).
 */
export function requestedScopes(param: string | undefined): ApiScope[] {
  if (!param?.trim()) return [...SCOPES];
  const asked = new Set(param.trim().split(/\s+/));
  return SCOPES.filter((s) => asked.has(s));
}

/** What the key may hand on: its own scopes (null: every one). */
export const grantable = (requested: readonly ApiScope[], held: readonly string[] | null) =>
  held ? requested.filter((s) => held.includes(s)) : [...requested];

/** The ticked boxes, kept only where they were offered. */
export function narrowed(offered: readonly ApiScope[], ticked: readonly string[]): ApiScope[] {
  const chosen = new Set(ticked.filter(isScope));
  return offered.filter((s) => chosen.has(s));
}
