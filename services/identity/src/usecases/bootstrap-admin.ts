import { randomUUID } from 'node:crypto';
import { checkSecret, hashSecret, parseApiKey } from '@momentum/service-kit';
import { isDuplicateKey } from '@momentum/service-kit/storage';
import type { IdentityDeps } from './deps.js';

/**
 * Ensures an admin user whose key is ADMIN_API_KEY. Idempotent across restarts: the
 * same key finds the same admin; a new secret for the same key id replaces the hash.
 * Processes starting together agree on one admin: the key's unique `keyId` decides
 * which admin id it names, and the admin is then ensured under that id.
 */
export async function ensureAdmin(
  { users, keys }: Pick<IdentityDeps, 'users' | 'keys'>,
  rawKey: string,
): Promise<string> {
  const parsed = parseApiKey(rawKey);
  if (!parsed)
    throw new Error('ADMIN_API_KEY must look like svc_<keyId>_<secret> (secret of 16+ characters)');
  let key = await keys.findByKeyId(parsed.keyId);
  if (!key) {
    const adminId = (await users.findBootstrapAdmin())?._id ?? randomUUID();
    try {
      await keys.create(adminId, parsed.keyId, await hashSecret(parsed.secret));
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    key = await keys.findByKeyId(parsed.keyId);
    if (!key) throw new Error('ADMIN_API_KEY: the key record vanished while it was created');
  }
  if (key.revokedAt || !(await checkSecret(parsed.secret, key.hash))) {
    await keys.setHash(parsed.keyId, await hashSecret(parsed.secret));
  }
  await users.ensureBootstrapAdmin(key.userId);
  return key.userId;
}
