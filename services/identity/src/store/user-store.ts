import type { EventEnvelope, UserSummary } from '@momentum/contracts';
import { isDuplicateKey, withoutOutbox } from '@momentum/storage';
import type { IdentityModels, UserDoc } from './models.js';

/** Users and their public summaries. */
export class UserStore {
  constructor(private readonly m: IdentityModels) {}

  get model() {
    return this.m.User;
  }

  find(id: string) {
    return this.m.User.findById(id, { _outbox: 0 }).lean<UserDoc>();
  }

  /** A new user, with the event announcing it stored in the same insert. */
  async create(input: {
    _id: string;
    name: string;
    email: string | null;
    event: EventEnvelope;
  }): Promise<UserDoc> {
    const { event, ...fields } = input;
    const doc = await this.m.User.create({ ...fields, _outbox: [event] });
    return withoutOutbox(doc.toObject<UserDoc>());
  }

  findBootstrapAdmin() {
    return this.m.User.findOne({ bootstrap: true }).lean<UserDoc>();
  }

  /**
   * The admin that startup ensures, under the id its key names. Any number of processes
   * may ensure it at once: the insert by `_id` lets one in, the others find it there.
   */
  async ensureBootstrapAdmin(id: string): Promise<void> {
    try {
      await this.m.User.updateOne(
        { _id: id },
        { $setOnInsert: { name: 'Admin', isAdmin: true, bootstrap: true, email: null } },
        { upsert: true },
      );
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  async summaries(ids: readonly string[]): Promise<UserSummary[]> {
    const users = await this.m.User.find({ _id: { $in: [...ids] } }, { name: 1 }).lean<UserDoc[]>();
    return users.map((u) => ({ id: u._id, name: u.name, avatar: avatarUrl(u._id) }));
  }
}

/** A stable generated avatar address; users have no uploads yet. */
export const avatarUrl = (userId: string) => `https://avatars.momentum.dev/${userId}.svg`;
