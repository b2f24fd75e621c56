import type { EventEnvelope, KeyGrant } from '@momentum/contracts';
import type { IdentityModels, UserKeyDoc } from './models.js';

const VISIBLE = { _outbox: 0 } as const;

/** User keys: only the bcrypt hash of each secret is stored. */
export class KeyStore {
  constructor(private readonly m: IdentityModels) {}

  get model() {
    return this.m.UserKey;
  }

  /** A key without a grant (the bootstrap admin's, a new user's first) has every scope, for ever. */
  async create(userId: string, keyId: string, hash: string, grant?: KeyGrant): Promise<string> {
    const doc = await this.m.UserKey.create({ keyId, userId, hash, ...grant });
    return doc._id;
  }

  findByKeyId(keyId: string) {
    return this.m.UserKey.findOne({ keyId }, VISIBLE).lean<UserKeyDoc>();
  }

  setHash(keyId: string, hash: string) {
    return this.m.UserKey.updateOne({ keyId }, { $set: { hash, revokedAt: null } });
  }

  /** The user's keys not revoked (expired ones included, so they can be seen and revoked). */
  listActive(userId: string) {
    return this.m.UserKey.find(
      { userId, revokedAt: null },
      { keyId: 1, name: 1, scopes: 1, expiresAt: 1, lastUsedAt: 1, createdAt: 1 },
    )
      .sort({ createdAt: 1 })
      .lean<Array<Omit<UserKeyDoc, 'hash' | 'userId' | 'revokedAt' | '_outbox'>>>();
  }

  /**
   * Marks use. Callers throttle (needsLastUsedTouch); the filter skips a write another
   * process made in the same minute, and `updatedAt`-style fields are left alone.
   */
  async touchLastUsed(keyId: string, now: Date, since: Date): Promise<void> {
    await this.m.UserKey.updateOne(
      { keyId, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: since } }] },
      { $set: { lastUsedAt: now } },
      { timestamps: false },
    );
  }

  /** One of the user's active keys; another user's key id is simply not found. */
  findActive(userId: string, id: string) {
    return this.m.UserKey.findOne({ _id: id, userId, revokedAt: null }, VISIBLE).lean<UserKeyDoc>();
  }

  /**
   * Revokes the key if it is still active, with the event in the same conditional write:
   * of concurrent revocations one does it. False when it was not active any more.
   */
  async revoke(userId: string, id: string, event: EventEnvelope): Promise<boolean> {
    const res = await this.m.UserKey.updateOne(
      { _id: id, userId, revokedAt: null },
      { $set: { revokedAt: new Date() }, $push: { _outbox: event } },
    );
    return res.matchedCount > 0;
  }
}
