import type { EventEnvelope, StoredToken } from '@momentum/contracts';
import type { OAuthCodeDoc, OAuthGrantDoc, OAuthModels, OAuthTokenDoc } from './oauth-models.js';

const VISIBLE = { _outbox: 0 } as const;

/** OAuth clients, codes, grants and tokens (only hashes of codes and tokens are stored). */
export class OAuthStore {
  constructor(private readonly m: OAuthModels) {}

  get grantModel() {
    return this.m.OAuthGrant;
  }

  async createClient(client: { name: string; uri: string | null; redirectUris: string[] }) {
    const doc = await this.m.OAuthClient.create(client);
    return doc._id;
  }

  findClient(id: string) {
    return this.m.OAuthClient.findById(id).lean<{
      _id: string;
      name: string;
      uri: string | null;
      redirectUris: string[];
    }>();
  }

  async createCode(code: Omit<OAuthCodeDoc, 'usedAt' | 'grantId'>): Promise<void> {
    await this.m.OAuthCode.create({ ...code, usedAt: null, grantId: null });
  }

  findCode(hash: string) {
    return this.m.OAuthCode.findById(hash).lean<OAuthCodeDoc>();
  }

  /** Marks the code used if it was not: of concurrent redemptions one wins. */
  async useCode(hash: string, now: Date): Promise<boolean> {
    const res = await this.m.OAuthCode.updateOne(
      { _id: hash, usedAt: null },
      { $set: { usedAt: now } },
    );
    return res.matchedCount > 0;
  }

  async setCodeGrant(hash: string, grantId: string): Promise<void> {
    await this.m.OAuthCode.updateOne({ _id: hash }, { $set: { grantId } });
  }

  async createGrant(
    grant: Omit<OAuthGrantDoc, '_id' | 'revokedAt' | 'lastUsedAt' | 'createdAt' | '_outbox'>,
  ): Promise<string> {
    const doc = await this.m.OAuthGrant.create(grant);
    return doc._id;
  }

  findGrant(id: string) {
    return this.m.OAuthGrant.findById(id, VISIBLE).lean<OAuthGrantDoc>();
  }

  /** A deleted person's OAuth records (grants, their tokens, codes): gone with the account. */
  async removeUser(userId: string): Promise<void> {
    const grants = await this.m.OAuthGrant.find({ userId }, { _id: 1 }).lean<{ _id: string }[]>();
    await this.m.OAuthToken.deleteMany({ grantId: { $in: grants.map((g) => g._id) } });
    await this.m.OAuthCode.deleteMany({ userId });
    await this.m.OAuthGrant.deleteMany({ userId });
  }

  listActive(userId: string) {
    return this.m.OAuthGrant.find({ userId, revokedAt: null }, VISIBLE)
      .sort({ createdAt: -1 })
      .lean<OAuthGrantDoc[]>();
  }

  /** The live grants a person consented to with one of their keys. */
  listLiveOfKey(userId: string, keyId: string) {
    return this.m.OAuthGrant.find({ userId, keyId, revokedAt: null }, { _id: 1 }).lean<
      Array<{ _id: string }>
    >();
  }

  /** Revokes the grant if it is live, with its event in the same write; false if it was not. */
  async revokeGrant(id: string, event: EventEnvelope): Promise<boolean> {
    const res = await this.m.OAuthGrant.updateOne(
      { _id: id, revokedAt: null },
      { $set: { revokedAt: new Date() }, $push: { _outbox: event } },
    );
    return res.matchedCount > 0;
  }

  async touchGrant(id: string, now: Date, since: Date): Promise<void> {
    await this.m.OAuthGrant.updateOne(
      { _id: id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: since } }] },
      { $set: { lastUsedAt: now } },
      { timestamps: false },
    );
  }

  async addTokens(grantId: string, tokens: Array<StoredToken & { kind: 'access' | 'refresh' }>) {
    await this.m.OAuthToken.insertMany(
      tokens.map((t) => ({
        _id: t.id,
        grantId,
        kind: t.kind,
        hash: t.hash,
        resource: t.resource,
        expiresAt: new Date(t.expiresAt),
        usedAt: null,
      })),
    );
  }

  findToken(id: string) {
    return this.m.OAuthToken.findById(id).lean<OAuthTokenDoc>();
  }

  /** Rotates a refresh token away if it was not: of concurrent rotations one wins. */
  async useRefresh(id: string, now: Date): Promise<boolean> {
    const res = await this.m.OAuthToken.updateOne(
      { _id: id, kind: 'refresh', usedAt: null },
      { $set: { usedAt: now } },
    );
    return res.matchedCount > 0;
  }
}
