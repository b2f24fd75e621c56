import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { generateSecret, isSecret, sign, signatureHeader } from '../../src/domain/signature.js';
import { messageHeaders } from '../../src/delivery/message-headers.js';

describe('Standard Webhooks signing', () => {
  it('makes secrets of whsec_ and base64 of 32 random bytes, never the same twice', () => {
    const a = generateSecret();
    const b = generateSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(isSecret(a)).toBe(true);
    expect(a).not.toBe(b);
    expect(isSecret('whsec_' + Buffer.alloc(16).toString('base64'))).toBe(false);
    expect(isSecret(Buffer.alloc(32).toString('base64'))).toBe(false);
  });

  it('matches the reference vector of the Standard Webhooks libraries', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const expected = new Webhook(secret).sign(
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1614265330 * 1000),
      '{"test": 2432232314}',
    );
    expect(sign(secret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}')).toBe(
      expected,
    );
    expect(expected).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('produces headers the standardwebhooks verifier accepts, and refuses a changed body', () => {
    const secret = generateSecret();
    const body = JSON.stringify({
      type: 'task.created',
      timestamp: new Date().toISOString(),
      data: {},
    });
    const headers = messageHeaders('evt-1', body, [secret], new Date());
    expect(headers).toMatchObject({ 'content-type': 'application/json', 'webhook-id': 'evt-1' });
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(body.replace('task', 'issue'), headers)).toThrow();
    expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow();
  });

  it('signs with every secret during a rotation, each one verifying on its own', () => {
    const [fresh, old] = [generateSecret(), generateSecret()];
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader([fresh, old], 'evt-2', now, '{}');
    expect(header.split(' ')).toHaveLength(2);
    const headers = {
      'webhook-id': 'evt-2',
      'webhook-timestamp': String(now),
      'webhook-signature': header,
    };
    expect(() => new Webhook(fresh).verify('{}', headers)).not.toThrow();
    expect(() => new Webhook(old).verify('{}', headers)).not.toThrow();
    expect(() => new Webhook(generateSecret()).verify('{}', headers)).toThrow();
  });
});
