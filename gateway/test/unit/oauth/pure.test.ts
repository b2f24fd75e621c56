import { describe, expect, it } from 'vitest';
import { SCOPES } from '@momentum/contracts';
import { isS256Challenge, isVerifier, s256 } from '../../../src/oauth/pkce.js';
import { redirectUriMatches, redirectUriProblem } from '../../../src/oauth/redirect-uris.js';
import { grantable, narrowed, requestedScopes } from '../../../src/oauth/scopes.js';
import {
  checkClientMetadata,
  checkMetadataDocument,
  isMetadataDocumentId,
} from '../../../src/oauth/client-metadata.js';
import { seal, unseal, type ConsentState } from '../../../src/oauth/consent-state.js';
import { checkAuthorizeRequest, redirectBack } from '../../../src/oauth/authorize-request.js';
import { newToken, parseToken } from '../../../src/oauth/tokens.js';
import { consentCsp, escapeHtml } from '../../../src/oauth/consent-page.js';

describe('PKCE', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', () => {
    expect(s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
  it('takes verifiers of 43 to 128 unreserved characters only', () => {
    expect(isVerifier('a'.repeat(43))).toBe(true);
    expect(isVerifier('a'.repeat(42))).toBe(false);
    expect(isVerifier('a'.repeat(129))).toBe(false);
    expect(isVerifier(`${'a'.repeat(43)} `)).toBe(false);
    expect(isS256Challenge(s256('a'.repeat(43)))).toBe(true);
    expect(isS256Challenge('plain-challenge')).toBe(false);
  });
});

describe('redirect URIs', () => {
  it('registers HTTPS, loopback HTTP and reverse-domain schemes only', () => {
    expect(redirectUriProblem('https://app.example.com/cb')).toBeNull();
    expect(redirectUriProblem('http://127.0.0.1/cb')).toBeNull();
    expect(redirectUriProblem('http://[::1]:8080/cb')).toBeNull();
    expect(redirectUriProblem('com.example.app:/cb')).toBeNull();
    expect(redirectUriProblem('http://app.example.com/cb')).toMatch(/not loopback/);
    expect(redirectUriProblem('https://app.example.com/cb#x')).toMatch(/fragment/);
    expect(redirectUriProblem('javascript:alert(1)')).toMatch(/javascript/);
    expect(redirectUriProblem('myapp:/cb')).toMatch(/reverse domain/);
    expect(redirectUriProblem('https://u:p@app.example.com/cb')).toMatch(/credentials/);
    expect(redirectUriProblem('/relative')).toMatch(/absolute/);
  });
  it('matches exactly, but a loopback URI on any port (RFC 8252 §7.3)', () => {
    const registered = ['https://app.example.com/cb', 'http://127.0.0.1/callback'];
    expect(redirectUriMatches(registered, 'https://app.example.com/cb')).toBe(true);
    expect(redirectUriMatches(registered, 'https://app.example.com/cb/')).toBe(false);
    expect(redirectUriMatches(registered, 'https://app.example.com/cb?x=1')).toBe(false);
    expect(redirectUriMatches(registered, 'https://app.example.com:444/cb')).toBe(false);
    expect(redirectUriMatches(registered, 'http://127.0.0.1:51234/callback')).toBe(true);
    expect(redirectUriMatches(registered, 'http://127.0.0.1:51234/other')).toBe(false);
    expect(redirectUriMatches(registered, 'http://localhost:51234/callback')).toBe(false);
    expect(redirectUriMatches(registered, 'http://127.0.0.1.evil.com/callback')).toBe(false);
  });
});

describe('scopes of a grant', () => {
  it('are the requested ones the catalogue knows; none requested: all', () => {
    expect(requestedScopes(undefined)).toEqual(SCOPES);
    expect(requestedScopes('issues:write nonsense issues:read')).toEqual([
      'issues:read',
      'issues:write',
    ]);
  });
  it('never exceed what the consenting key holds, and narrow to what was ticked', () => {
    const asked = requestedScopes('issues:read issues:write projects:read');
    expect(grantable(asked, null)).toEqual(asked);
    expect(grantable(asked, ['issues:read', 'keys:write'])).toEqual(['issues:read']);
    expect(narrowed(asked, ['issues:read', 'keys:write', 'bogus'])).toEqual(['issues:read']);
    expect(narrowed(asked, [])).toEqual([]);
  });
});

describe('client metadata', () => {
  const doc = {
    client_id: 'https://client.example.com/oauth.json',
    client_name: 'Client',
    redirect_uris: ['http://127.0.0.1/cb'],
  };
  it('takes an HTTPS client id with a path as a metadata document URL', () => {
    expect(isMetadataDocumentId('https://client.example.com/oauth.json')).toBe(true);
    expect(isMetadataDocumentId('https://client.example.com/')).toBe(false);
    expect(isMetadataDocumentId('http://client.example.com/oauth.json')).toBe(false);
    expect(isMetadataDocumentId('3f1c3a7e-0000-4000-8000-000000000000')).toBe(false);
  });
  it('accepts a document naming itself, public clients and the code flow only', () => {
    const ok = checkMetadataDocument(doc.client_id, doc);
    expect(ok).toEqual({
      ok: true,
      value: {
        id: doc.client_id,
        name: 'Client',
        uri: null,
        redirectUris: ['http://127.0.0.1/cb'],
        kind: 'metadata-document',
      },
    });
    expect(checkMetadataDocument('https://other.example.com/x.json', doc)).toMatchObject({
      ok: false,
    });
    expect(
      checkClientMetadata({ ...doc, token_endpoint_auth_method: 'client_secret_basic' }),
    ).toMatchObject({ ok: false, error: /public clients/ });
    expect(checkClientMetadata({ ...doc, grant_types: ['implicit'] })).toMatchObject({
      ok: false,
    });
    expect(checkClientMetadata({ ...doc, redirect_uris: [] })).toMatchObject({ ok: false });
    expect(checkClientMetadata({ ...doc, client_uri: 'javascript:x' })).toMatchObject({
      ok: false,
    });
    expect(checkClientMetadata([])).toMatchObject({ ok: false });
  });
});

describe('the consent state', () => {
  const state: ConsentState = {
    userId: 'u1',
    keyId: 'ukey1',
    keyExpiresAt: null,
    clientId: 'c',
    clientName: 'C',
    clientUri: null,
    redirectUri: 'http://127.0.0.1/cb',
    state: 's',
    challenge: s256('a'.repeat(43)),
    resource: 'http://gw/mcp',
    offered: ['issues:read'],
    agents: ['a1'],
    csrf: 'x',
    expiresAt: Date.now() + 60_000,
  };
  const secret = 's'.repeat(32);
  it('round-trips, and refuses a change, another secret or an expired one', () => {
    const sealed = seal(state, secret);
    expect(unseal(sealed, secret)).toEqual(state);
    expect(unseal(sealed, 't'.repeat(32))).toBeNull();
    const [body, mac] = sealed.split('.');
    const forged = Buffer.from(JSON.stringify({ ...state, agents: ['someone-else'] })).toString(
      'base64url',
    );
    expect(unseal(`${forged}.${mac}`, secret)).toBeNull();
    expect(unseal(`${body}`, secret)).toBeNull();
    expect(unseal(sealed, secret, state.expiresAt + 1)).toBeNull();
  });
});

describe('the authorization request', () => {
  const client = {
    id: 'c',
    name: 'C',
    uri: null,
    redirectUris: ['http://127.0.0.1/cb'],
    kind: 'registered' as const,
  };
  const good = {
    response_type: 'code',
    client_id: 'c',
    redirect_uri: 'http://127.0.0.1:5000/cb',
    code_challenge: s256('a'.repeat(43)),
    code_challenge_method: 'S256',
  };
  const resources = ['http://gw', 'http://gw/mcp'];
  it('answers a bad redirect URI with a page, anything else back to the client', () => {
    expect(
      checkAuthorizeRequest({ ...good, redirect_uri: 'https://evil/cb' }, client, resources),
    ).toHaveProperty('page');
    expect(
      checkAuthorizeRequest({ ...good, redirect_uri: undefined }, client, resources),
    ).toHaveProperty('page');
    expect(checkAuthorizeRequest({ ...good, response_type: 'token' }, client, resources)).toEqual({
      redirect: { error: 'unsupported_response_type', description: expect.any(String) },
    });
    expect(
      checkAuthorizeRequest({ ...good, code_challenge_method: 'plain' }, client, resources),
    ).toMatchObject({ redirect: { error: 'invalid_request' } });
    expect(
      checkAuthorizeRequest({ ...good, resource: 'http://elsewhere/mcp' }, client, resources),
    ).toMatchObject({ redirect: { error: 'invalid_target' } });
    expect(checkAuthorizeRequest(good, client, resources)).toEqual({
      resource: 'http://gw',
      challenge: good.code_challenge,
      redirectUri: good.redirect_uri,
    });
  });
  it('redirects back keeping the client’s own query', () => {
    expect(
      redirectBack('https://a.example/cb?x=1', { code: 'c', state: null, iss: 'http://gw' }),
    ).toBe('https://a.example/cb?x=1&code=c&iss=http%3A%2F%2Fgw');
  });
});

describe('tokens and the page', () => {
  it('parses only tokens of their own kind, and hashes the whole token', () => {
    const t = newToken('access');
    expect(t.raw).toMatch(/^mat_/);
    expect(parseToken('access', t.raw)).toEqual({ id: t.id, hash: t.hash });
    expect(parseToken('refresh', t.raw)).toBeNull();
    expect(parseToken('access', `${t.raw}x`)).toBeNull();
  });
  it('escapes what it shows, and lets forms go only here and to the redirect URI', () => {
    expect(escapeHtml(`<a href="x">'&`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
    const csp = consentCsp('http://127.0.0.1:9/callback');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' http://127.0.0.1:9");
    expect(csp).not.toContain('unsafe-inline');
    expect(consentCsp('com.example.app:/cb')).toContain("form-action 'self' com.example.app:");
  });
});
