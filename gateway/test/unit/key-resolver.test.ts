import { beforeAll, describe, expect, it } from 'vitest';
import type { KeyRecord } from '@momentum/contracts';
import { KEY_HASH_COST } from '@momentum/config';
import { hashSecret, keyFingerprint, newApiKey } from '@momentum/keys';
import { KeyCache } from '../../src/auth/key-cache.js';
import { KeyResolver, type KeyDirectory } from '../../src/auth/key-resolver.js';

const actor: KeyRecord['actor'] = {
  type: 'user',
  id: 'u1',
  userId: 'u1',
  name: 'Ada',
  teamIds: [],
  isAdmin: false,
};
const key = newApiKey('u');
let record: KeyRecord;

class CountingDirectory implements KeyDirectory {
  lookups: string[] = [];
  constructor(private readonly records: KeyRecord[]) {}
  async lookup(keyId: string) {
    this.lookups.push(keyId);
    await new Promise((r) => setTimeout(r, 10));
    return this.records.find((r) => r.keyId === keyId) ?? null;
  }
}

beforeAll(async () => {
  record = { keyId: key.keyId, hash: await hashSecret(key.secret, KEY_HASH_COST.min), actor };
});

describe('KeyResolver', () => {
  it('resolves a valid key to its actor and caches the verdict by fingerprint, never by raw key', async () => {
    const dir = new CountingDirectory([record]);
    const cache = new KeyCache(60_000);
    const resolver = new KeyResolver(dir, cache);
    await expect(resolver.resolve(key.raw)).resolves.toEqual(actor);
    await expect(resolver.resolve(key.raw)).resolves.toEqual(actor);
    expect(dir.lookups).toEqual([key.keyId]);
    expect(cache.get(keyFingerprint(key.raw))?.keyId).toBe(key.keyId);
    expect(cache.get(key.raw)).toBeUndefined();
  });

  it('many concurrent requests with one new key verify it once (in-flight dedupe)', async () => {
    const dir = new CountingDirectory([record]);
    const resolver = new KeyResolver(dir, new KeyCache(60_000));
    const results = await Promise.all(Array.from({ length: 20 }, () => resolver.resolve(key.raw)));
    expect(results.every((a) => a?.id === 'u1')).toBe(true);
    expect(dir.lookups).toHaveLength(1);
  });

  it('a wrong secret is refused and the refusal is cached (negative cache)', async () => {
    const dir = new CountingDirectory([record]);
    const cache = new KeyCache(60_000, 5_000);
    const resolver = new KeyResolver(dir, cache);
    const wrong = `svc_${key.keyId}_${'x'.repeat(43)}`;
    await expect(resolver.resolve(wrong)).resolves.toBeNull();
    await expect(resolver.resolve(wrong)).resolves.toBeNull();
    expect(dir.lookups).toHaveLength(1);
    expect(cache.get(keyFingerprint(wrong))).toMatchObject({ actor: null, keyId: key.keyId });
    await expect(resolver.resolve(key.raw)).resolves.toEqual(actor);
  });

  it('an unknown key id is refused; a malformed key never reaches the directory', async () => {
    const dir = new CountingDirectory([record]);
    const resolver = new KeyResolver(dir, new KeyCache(60_000));
    await expect(resolver.resolve(newApiKey('u').raw)).resolves.toBeNull();
    await expect(resolver.resolve('svc_nope')).resolves.toBeNull();
    expect(dir.lookups).toHaveLength(1);
  });

  it('after the cache drops the key (revocation) it is checked afresh', async () => {
    const records = [record];
    const dir = new CountingDirectory(records);
    const cache = new KeyCache(60_000);
    const resolver = new KeyResolver(dir, cache);
    await resolver.resolve(key.raw);
    records.length = 0;
    cache.dropKey(key.keyId);
    await expect(resolver.resolve(key.raw)).resolves.toBeNull();
  });

  it('a directory failure is not cached and reaches the caller', async () => {
    let fail = true;
    const dir: KeyDirectory = {
      lookup: async () => {
        if (fail) throw new Error('identity down');
        return record;
      },
    };
    const resolver = new KeyResolver(dir, new KeyCache(60_000));
    await expect(resolver.resolve(key.raw)).rejects.toThrow('identity down');
    fail = false;
    await expect(resolver.resolve(key.raw)).resolves.toEqual(actor);
  });
});
