import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What the consent form carries from the page that shows it to the post that answers it,
 * sealed (HMAC-SHA256 under a key derived from INTERNAL_SECRET, which every gateway replica
 * shares) so the person's key never has to be sent twice and nothing in it can be changed:
 * who signed in, what was offered, to which client, for how long, and the CSRF token it
 * belongs with.
 */
export interface ConsentState {
  userId: string;
  /** The key the person signed in with, and its expiry: the grant ends with that key. */
  keyId: string;
  keyExpiresAt: string | null;
  clientId: string;
  clientName: string;
  clientUri: string | null;
  redirectUri: string;
  state: string | null;
  challenge: string;
  resource: string;
  /** The scopes the page offered (the requested ones the key holds). */
  offered: string[];
  /** The agents the person may act as. */
  agents: string[];
  csrf: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const keyOf = (secret: string) => createHmac('sha256', secret).update('oauth-consent-v1').digest();

export function seal(state: ConsentState, secret: string): string {
  const body = Buffer.from(JSON.stringify(state)).toString('base64url');
  const mac = createHmac('sha256', keyOf(secret)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** The state, or null when it was changed, forged or is past its time. */
export function unseal(sealed: string, secret: string, now = Date.now()): ConsentState | null {
  const [body, mac] = sealed.split('.');
  if (!body || !mac) return null;
  const expected = createHmac('sha256', keyOf(secret)).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const state = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ConsentState;
    return state.expiresAt > now ? state : null;
  } catch {
    return null;
  }
}
