import type { Model } from 'mongoose';
import type { UserKeyDoc } from './models.js';

/** A key record as the bootstrap bookkeeping sees it; `bootstrap` marks ADMIN_API_KEY's keys. */
type BootstrapKeyDoc = Pick<UserKeyDoc, '_id' | 'keyId' | 'userId' | 'createdAt'> & {
  bootstrap?: boolean;
};

/**
 * Which user keys came from ADMIN_API_KEY. The mark is a field the key schema does not
 * declare (written with `strict: false`), so this bookkeeping stays apart from the keys'
 * own model.
 */
export class BootstrapKeys {
  constructor(private readonly model: Model<UserKeyDoc>) {}

  async mark(keyId: string): Promise<void> {
    await this.model.updateOne(
      { keyId },
      { $set: { bootstrap: true } },
      { strict: false, timestamps: false },
    );
  }

  /** A new secret for the bootstrap key id; never brings a revoked key back. */
  async replaceHash(keyId: string, hash: string): Promise<boolean> {
    const res = await this.model.updateOne({ keyId, revokedAt: null }, { $set: { hash } });
    return res.matchedCount > 0;
  }

  /**
   * The admin's active keys that an earlier ADMIN_API_KEY made, other than `keyId`. Before
   * keys were marked, the admin's first key was the bootstrap one: it counts when none is.
   */
  async previous(userId: string, keyId: string): Promise<BootstrapKeyDoc[]> {
    const keys = await this.model
      .find({ userId }, { keyId: 1, userId: 1, createdAt: 1, bootstrap: 1, revokedAt: 1 })
      .sort({ createdAt: 1 })
      .lean<Array<BootstrapKeyDoc & { revokedAt?: Date | null }>>();
    const marked = keys.filter((k) => k.bootstrap === true && k.keyId !== keyId);
    const anyMarkedBefore = marked.length > 0;
    const candidates = anyMarkedBefore ? marked : keys.slice(0, 1).filter((k) => k.keyId !== keyId);
    return candidates.filter((k) => !k.revokedAt);
  }
}
