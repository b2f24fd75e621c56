// Kept over standardwebhooks' sign(): it hashes in pure JavaScript, about ten times slower
// than node:crypto; the tests check byte-equality with it.
import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is `whsec_` +
 * base64 of random bytes; a signature is `v1,` + base64 HMAC-SHA256, keyed with the
 * decoded bytes, over `${id}.${timestamp}.${body}`; several signatures travel space-separated,
 * which is how a rotated-out secret keeps verifying during its grace period.
 */
export const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(SECRET_BYTES).toString('base64');
}

export function isSecret(value: string): boolean {
  if (!value.startsWith(SECRET_PREFIX)) return false;
  const bytes = Buffer.from(value.slice(SECRET_PREFIX.length), 'base64');
  return bytes.length >= 24 && bytes.length <= 64;
}

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  const mac = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The `webhook-signature` header: one signature per secret, newest first. */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets.map((s) => sign(s, id, timestamp, body)).join(' ');
}
