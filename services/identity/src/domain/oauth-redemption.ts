import { timingSafeEqual } from 'node:crypto';

/** Constant-time equality of two strings (hashes, PKCE challenges). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string;
  resource: string;
  expiresAt: Date;
}

export interface PresentedCode {
  clientId: string;
  redirectUri: string;
  /** S256 of the verifier the client presented. */
  challenge: string;
  /** The resource asked for at the token endpoint; null: the code's own. */
  resource: string | null;
}

/**
 * Why a code may not be redeemed, or null when it may (OAuth 2.1 §4.1.3): it is bound to
 * its client, its exact redirect URI, its PKCE challenge and its resource, and short-lived.
 */
export function redemptionRefusal(
  code: IssuedCode,
  presented: PresentedCode,
  now = new Date(),
): string | null {
  if (code.expiresAt.getTime() <= now.getTime()) return 'the code expired';
  if (code.clientId !== presented.clientId) return 'the code was issued to another client';
  if (code.redirectUri !== presented.redirectUri) return 'redirect_uri does not match';
  if (!sameSecret(code.challenge, presented.challenge)) return 'code_verifier does not match';
  if (presented.resource !== null && presented.resource !== code.resource)
    return 'resource does not match';
  return null;
}
