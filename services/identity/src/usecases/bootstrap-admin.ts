import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { checkSecret, hashSecret, parseApiKey } from '@momentum/keys';
import { isDuplicateKey } from '@momentum/storage';
import type { IdentityDeps } from '../deps.js';
import { BootstrapKeys } from '../store/bootstrap-keys.js';
import { keyRevoked } from '../events/identity-events.js';
import { endGrantsOfKey } from './oauth-grants.js';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

const HOW_TO_REPLACE =
  'set ADMIN_API_KEY to a new key with a new key id, e.g. ' +
  'svc_u$(openssl rand -hex 12)_$(openssl rand -base64 32 | tr "+/" "-_" | tr -d "=")';

/**
 * Ensures an admin user whose key is ADMIN_API_KEY. Idempotent across restarts: the
 * same key finds the same admin. Processes starting together agree on one admin: the
 * key's unique `keyId` decides which admin id it names, and the admin is then ensured
 * under that id. Revocation sticks: a revoked ADMIN_API_KEY stays revoked (startup says
 * so, never the key), and a changed ADMIN_API_KEY revokes the one before it — a new key
 * id revokes the previous bootstrap keys, a new secret for the same key id replaces the
 * hash; either way every gateway is told (identity.key.revoked).
 */
export async function ensureAdmin(
  deps: Pick<IdentityDeps, 'users' | 'keys' | 'outbox' | 'oauth' | 'keyHashCost'>,
  rawKey: string,
  log: Log,
): Promise<string> {
  const { users, keys, keyHashCost } = deps;
  const parsed = parseApiKey(rawKey);
  if (!parsed)
    throw new Error('ADMIN_API_KEY must look like svc_<keyId>_<secret> (secret of 16+ characters)');
  const bootstrap = new BootstrapKeys(keys.model);
  let key = await keys.findByKeyId(parsed.keyId);
  if (!key) {
    const adminId = (await users.findBootstrapAdmin())?._id ?? randomUUID();
    try {
      await keys.create(adminId, parsed.keyId, await hashSecret(parsed.secret, keyHashCost));
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    key = await keys.findByKeyId(parsed.keyId);
    if (!key) throw new Error('ADMIN_API_KEY: the key record vanished while it was created');
  }
  await bootstrap.mark(parsed.keyId);
  await users.ensureBootstrapAdmin(key.userId);
  if (key.revokedAt) {
    log.warn(
      { keyId: parsed.keyId, revokedAt: key.revokedAt },
      `ADMIN_API_KEY names a revoked key; it stays revoked. To have a bootstrap admin key again, ${HOW_TO_REPLACE}`,
    );
    return key.userId;
  }
  if (!(await checkSecret(parsed.secret, key.hash))) {
    // The same key id with a new secret: the old secret stops working here and in caches.
    if (await bootstrap.replaceHash(parsed.keyId, await hashSecret(parsed.secret, keyHashCost))) {
      await tellGateways(deps, key.userId, parsed.keyId, log);
      log.info({ keyId: parsed.keyId }, 'ADMIN_API_KEY changed its secret; the old one is refused');
    }
  }
  for (const old of await bootstrap.previous(key.userId, parsed.keyId)) {
    const event = keyRevoked(SYSTEM_ACTOR, old.keyId, key.userId);
    if (await keys.revoke(key.userId, old._id, event)) {
      await announce(deps, old._id, event, log);
      // Its grants are refused from now on whatever this does (their key is checked on use).
      await endGrantsOfKey(deps, key.userId, old.keyId).catch((err: Error) => {
        log.warn({ err: err.message }, 'grants of the previous bootstrap key not ended yet');
      });
      log.info(
        { keyId: old.keyId },
        'ADMIN_API_KEY changed; the previous bootstrap key is revoked',
      );
    }
  }
  return key.userId;
}

/** A revocation event for a key id whose record stays active (its hash was replaced). */
async function tellGateways(
  deps: Pick<IdentityDeps, 'keys' | 'outbox'>,
  userId: string,
  keyId: string,
  log: Log,
): Promise<void> {
  const event = keyRevoked(SYSTEM_ACTOR, keyId, userId);
  const record = await deps.keys.findByKeyId(keyId);
  if (!record) return;
  await deps.keys.model.updateOne({ _id: record._id }, { $push: { _outbox: event } });
  await announce(deps, record._id, event, log);
}

/** Published now, or left in the outbox for the relay when NATS refuses: startup goes on. */
async function announce(
  { keys, outbox }: Pick<IdentityDeps, 'keys' | 'outbox'>,
  id: string,
  event: ReturnType<typeof keyRevoked>,
  log: Log,
): Promise<void> {
  await outbox.announce(keys.model, id, event).catch((err: Error) => {
    log.warn({ err: err.message }, 'bootstrap key revocation not announced yet; the relay retries');
  });
}
