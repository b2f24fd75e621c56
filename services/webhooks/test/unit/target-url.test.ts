import { describe, expect, it } from 'vitest';
import { checkTargetUrl } from '../../src/domain/target-url.js';

const rule = (url: string, allowPrivate = false) => checkTargetUrl(url, allowPrivate)?.rule ?? null;

describe('subscription URLs', () => {
  it('takes public https URLs', () => {
    expect(rule('https://hooks.example.com/in')).toBeNull();
    expect(rule('https://93.184.216.34:8443/x?y=1')).toBeNull();
    expect(rule('https://[2606:4700:4700::1111]/x')).toBeNull();
  });

  it('refuses what is not an http(s) URL', () => {
    expect(rule('hooks.example.com')).toBe('format');
    expect(rule('ftp://example.com/')).toBe('format');
    expect(rule('javascript:alert(1)')).toBe('format');
    expect(rule('file:///etc/passwd', true)).toBe('format');
  });

  it('refuses credentials in the URL, also in development', () => {
    expect(rule('https://user:pw@example.com/')).toBe('credentials_not_allowed');
    expect(rule('http://user@127.0.0.1/', true)).toBe('credentials_not_allowed');
  });

  it('demands https in production', () => {
    expect(rule('http://hooks.example.com/')).toBe('https_required');
  });

  it('refuses loopback, private, link-local and local names in production', () => {
    for (const url of [
      'https://127.0.0.1/',
      'https://10.0.0.5/',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://0.0.0.0/',
      'https://localhost/',
      'https://LOCALHOST./',
      'https://api.localhost/',
      'https://2130706433/', // 127.0.0.1 written as one number: URL normalises it
      'https://0x7f.1/',
    ])
      expect(rule(url), url).toBe('private_address');
  });

  it('allows http and local targets when WEBHOOKS_ALLOW_PRIVATE_URLS is on', () => {
    expect(rule('http://127.0.0.1:8080/hook', true)).toBeNull();
    expect(rule('http://localhost/hook', true)).toBeNull();
  });
});
