import { describe, expect, it } from 'vitest';
import {
  checkSecret,
  containsApiKey,
  hashSecret,
  keyFingerprint,
  newApiKey,
  parseApiKey,
} from '../../src/api-keys.js';

describe('api keys', () => {
  it('newApiKey makes svc_<keyId>_<secret> with a kind letter and 32 random bytes', () => {
    const key = newApiKey('a');
    expect(key.raw).toBe(`svc_${key.keyId}_${key.secret}`);
    expect(key.keyId).toMatch(/^a[0-9a-f]{24}$/);
    expect(Buffer.from(key.secret, 'base64url')).toHaveLength(32);
    expect(newApiKey('u').keyId).toMatch(/^u/);
    expect(newApiKey('u').raw).not.toBe(newApiKey('u').raw);
  });

  it('parseApiKey reads back what newApiKey made', () => {
    const key = newApiKey('u');
    expect(parseApiKey(key.raw)).toEqual({ keyId: key.keyId, secret: key.secret });
  });

  it('parseApiKey refuses anything else', () => {
    const secret = 'A'.repeat(43);
    for (const raw of [
      '',
      'svc_',
      'svc_abc',
      `svc__${secret}`,
      `key_u1_${secret}`,
      `svc_u1_short`,
      `svc_u-1_${secret}`,
      `svc_u1_${secret} `,
      ` svc_u1_${secret}`,
      `svc_u1_${secret}\n`,
      `svc_u1_${'A'.repeat(257)}`,
      `svc_${'u'.repeat(65)}_${secret}`,
    ]) {
      expect(parseApiKey(raw), JSON.stringify(raw)).toBeNull();
    }
  });

  it('the secret underscore split: the key id has no underscore, the secret may', () => {
    expect(parseApiKey('svc_u1_abc_def_ghi_jklmnop')).toEqual({
      keyId: 'u1',
      secret: 'abc_def_ghi_jklmnop',
    });
  });

  it('hashSecret/checkSecret is bcrypt and only the right secret passes', async () => {
    const hash = await hashSecret('right-secret-right-secret', 10);
    expect(hash).toMatch(/^\$2[aby]\$10\$/);
    expect(hash).not.toContain('right-secret');
    await expect(checkSecret('right-secret-right-secret', hash)).resolves.toBe(true);
    await expect(checkSecret('wrong-secret-wrong-secret', hash)).resolves.toBe(false);
  });

  it('a hash carries its cost: keys made at one cost verify where another is set', async () => {
    // Keys made before API_KEY_HASH_COST changed keep theirs; the comparison reads it.
    const cheap = await hashSecret('right-secret-right-secret', 4);
    const dear = await hashSecret('right-secret-right-secret', 10);
    expect(cheap).toMatch(/^\$2[aby]\$04\$/);
    expect(dear).toMatch(/^\$2[aby]\$10\$/);
    for (const hash of [cheap, dear]) {
      await expect(checkSecret('right-secret-right-secret', hash)).resolves.toBe(true);
      await expect(checkSecret('wrong-secret-wrong-secret', hash)).resolves.toBe(false);
    }
  });

  it('hashSecret refuses a cost bcrypt would quietly change (below 4, none, not whole)', async () => {
    for (const cost of [3, 0, 32, 4.5, Number.NaN, undefined as unknown as number])
      await expect(hashSecret('right-secret-right-secret', cost)).rejects.toThrow(RangeError);
  });

  it('hashSecret hashes off the event loop: the service stays responsive while keys are made', async () => {
    const secret = newApiKey('u').secret;
    await hashSecret(secret, 4); // the worker has started
    // Four hashes at production's cost (~0.3 s of bcrypt): this thread is mostly idle.
    const start = performance.eventLoopUtilization();
    const hashes = await Promise.all(Array.from({ length: 4 }, () => hashSecret(secret, 10)));
    const busy = performance.eventLoopUtilization(start);
    expect(busy.utilization).toBeLessThan(0.3);
    expect(hashes.every((h) => h.startsWith('$2b$10$'))).toBe(true);
    expect(await checkSecret(secret, hashes[0]!)).toBe(true);
  }, 30_000);

  it('keyFingerprint is a stable SHA-256 that does not contain the key', () => {
    const { raw, secret } = newApiKey('u');
    const fp = keyFingerprint(raw);
    expect(fp).toBe(keyFingerprint(raw));
    expect(Buffer.from(fp, 'base64url')).toHaveLength(32);
    expect(fp).not.toContain(secret);
    expect(keyFingerprint(`${raw}x`)).not.toBe(fp);
  });

  it('containsApiKey finds a raw key inside a response body', () => {
    expect(containsApiKey(JSON.stringify({ data: { apiKey: newApiKey('a').raw } }))).toBe(true);
    expect(containsApiKey('{"data":{"id":"k1","keyId":"u123"}}')).toBe(false);
    expect(containsApiKey('svc_ is the prefix')).toBe(false);
  });
});
