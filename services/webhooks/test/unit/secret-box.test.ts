import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/store/secret-box.js';

describe('signing secrets at rest', () => {
  const box = new SecretBox('k'.repeat(40));

  it('seals so the stored text does not contain the secret, and opens it again', () => {
    const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
    const sealed = box.seal(secret);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(box.seal(secret)).not.toBe(sealed); // a fresh nonce each time
    expect(box.open(sealed)).toBe(secret);
  });

  it('refuses a tampered or foreign-keyed text', () => {
    const sealed = box.seal('whsec_abc');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => new SecretBox('x'.repeat(40)).open(sealed)).toThrow();
    expect(() => box.open('plain')).toThrow();
  });
});
