import { describe, expect, it } from 'vitest';
import { redemptionRefusal, sameSecret } from '../../src/domain/oauth-redemption.js';

describe('redeeming an authorization code', () => {
  const code = {
    clientId: 'c',
    redirectUri: 'http://127.0.0.1:9/cb',
    challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    resource: 'http://gw/mcp',
    expiresAt: new Date(Date.now() + 60_000),
  };
  const presented = {
    clientId: 'c',
    redirectUri: 'http://127.0.0.1:9/cb',
    challenge: code.challenge,
    resource: 'http://gw/mcp',
  };
  it('is allowed only with its client, exact redirect URI, verifier and resource, in time', () => {
    expect(redemptionRefusal(code, presented)).toBeNull();
    expect(redemptionRefusal(code, { ...presented, resource: null })).toBeNull();
    expect(redemptionRefusal(code, { ...presented, clientId: 'd' })).toMatch(/another client/);
    expect(
      redemptionRefusal(code, { ...presented, redirectUri: 'http://127.0.0.1:10/cb' }),
    ).toMatch(/redirect_uri/);
    expect(redemptionRefusal(code, { ...presented, challenge: 'x'.repeat(43) })).toMatch(
      /code_verifier/,
    );
    expect(redemptionRefusal(code, { ...presented, resource: 'http://gw' })).toMatch(/resource/);
    expect(redemptionRefusal(code, presented, new Date(Date.now() + 61_000))).toMatch(/expired/);
  });
  it('compares secrets of different lengths as different', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abcd')).toBe(false);
  });
});
