import { hash as digest, randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { HashPool } from './hash-pool.js';

/**
 * API keys look like `svc_<keyId>_<secret>`: the key id finds the record, the secret
 * (32 random bytes, base64url) is checked against a bcrypt hash. Raw keys exist only in
 * the response that shows them once.
 */
const KEY_PATTERN = /^svc_([A-Za-z0-9]{1,64})_([A-Za-z0-9_-]{16,256})$/;

export interface ParsedKey {
  keyId: string;
  secret: string;
}

export function parseApiKey(raw: string): ParsedKey | null {
  const m = KEY_PATTERN.exec(raw);
  return m ? { keyId: m[1]!, secret: m[2]! } : null;
}

/** `kind` is a one-letter hint in the key id: `u` for users, `a` for agents. */
export function newApiKey(kind: 'u' | 'a'): { raw: string; keyId: string; secret: string } {
  const keyId = `${kind}${randomBytes(12).toString('hex')}`;
  const secret = randomBytes(32).toString('base64url');
  return { raw: `svc_${keyId}_${secret}`, keyId, secret };
}

/**
 * The bcrypt hash of a secret at `cost` (the service's API_KEY_HASH_COST, libs/config). bcryptjs
 * would quietly take a cost below 4 as 4 and a missing one as 10: refused here instead.
 */
export function hashSecret(secret: string, cost: number): Promise<string> {
  if (!Number.isInteger(cost) || cost < 4 || cost > 31)
    return Promise.reject(
      new RangeError(`bcrypt cost must be an integer from 4 to 31, not ${cost}`),
    );
  return hashing().hash(secret, cost);
}

/**
 * The worker a process hashes new keys' secrets on (made at the first key): bcrypt at cost 10
 * is ~60–80 ms of CPU, which on the main thread stalled every request of the service (a loop
 * of agent key rotations stalled agents, and every gateway cache miss with it).
 */
let hashPool: HashPool | undefined;
const hashing = () => (hashPool ??= new HashPool({ workers: 1, maxQueued: 1000 }));
/** Whether `secret` matches `hash`, at the cost the hash was made with (it carries it). */
export const checkSecret = (secret: string, hash: string) => bcrypt.compare(secret, hash);

/** Whether a text (say, a response body) holds something shaped like a raw key. */
export const containsApiKey = (text: string) =>
  /svc_[A-Za-z0-9]{1,64}_[A-Za-z0-9_-]{16,256}/.test(text);

/** Cache key for a verified key: never the raw key itself. One-shot: no Hash object per request. */
export const keyFingerprint = (raw: string) => digest('sha256', raw, 'base64url');
