import { checkSecret, hashSecret, parseApiKey } from '@momentum/service-kit';
import type { IdentityStore } from './store/identity-store.js';

/**
 * Ensures an admin user whose key is ADMIN_API_KEY. Idempotent across restarts: the
 * same key finds the same admin; a new secret for the same key id replaces the hash.
 */
export async function ensureAdmin(store: IdentityStore, rawKey: string): Promise<string> {
  const parsed = parseApiKey(rawKey);
  if (!parsed)
    throw new Error('ADMIN_API_KEY must look like svc_<keyId>_<secret> (secret of 16+ characters)');
  const existing = await store.findKeyByKeyId(parsed.keyId);
  if (existing) {
    if (existing.revokedAt || !(await checkSecret(parsed.secret, existing.hash))) {
      await store.setKeyHash(parsed.keyId, await hashSecret(parsed.secret));
    }
    return existing.userId;
  }
  const admin =
    (await store.findBootstrapAdmin()) ??
    (await store.createUser({ name: 'Admin', isAdmin: true, bootstrap: true }));
  await store.createKey(admin._id, parsed.keyId, await hashSecret(parsed.secret));
  return admin._id;
}
