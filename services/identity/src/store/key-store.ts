import type { EventEnvelope } from '@momentum/contracts';
import type { IdentityModels, UserKeyDoc } from './models.js';

const VISIBLE = { _outbox: 0 } as const;

/** User keys: only the bcrypt hash of each secret is stored. */
export class KeyStore {
  constructor(private readonly m: IdentityModels) {}

  get model() {
    return this.m.UserKey;
  }

  async create(userId: string, keyId: string, hash: string): Promise<string> {
    const doc = await this.m.UserKey.create({ keyId, userId, hash });
    return doc._id;
  }

  findByKeyId(keyId: string) {
    return this.m.UserKey.findOne({ keyId }, VISIBLE).lean<UserKeyDoc>();
  }

  setHash(keyId: string, hash: string) {
    return this.m.UserKey.updateOne({ keyId }, { $set: { hash, revokedAt: null } });
  }

  listActive(userId: string) {
    return this.m.UserKey.find({ userId, revokedAt: null }, { keyId: 1, createdAt: 1 })
      .sort({ createdAt: 1 })
      .lean<Array<Pick<UserKeyDoc, '_id' | 'keyId' | 'createdAt'>>>();
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
