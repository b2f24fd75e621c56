import { describe, expect, it } from 'vitest';
import {
  AppError,
  KeyGrantBody,
  SCOPES,
  effectiveScopes,
  grantFor,
  scopeFor,
} from '../../src/index.js';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('the scope catalogue', () => {
  it('holds the scopes the issue names, each as <resource>:<read|write>', () => {
    for (const scope of [
      'tasks:read',
      'tasks:write',
      'projects:read',
      'projects:write',
      'issues:read',
      'issues:write',
      'webhooks:read',
      'webhooks:write',
      'profile:read',
    ])
      expect(SCOPES).toContain(scope);
    for (const scope of SCOPES) expect(scope).toMatch(/^[a-z]+:(read|write)$/);
  });

  it('reads on GET and HEAD, writes on anything else; no scope outside the catalogue', () => {
    expect(scopeFor('tasks', 'GET')).toBe('tasks:read');
    expect(scopeFor('tasks', 'HEAD')).toBe('tasks:read');
    expect(scopeFor('tasks', 'DELETE')).toBe('tasks:write');
    expect(scopeFor('users', 'GET')).toBeNull();
    expect(effectiveScopes(null)).toEqual(SCOPES);
    expect(effectiveScopes(['issues:read', 'gone:read', 'tasks:read'])).toEqual([
      'tasks:read',
      'issues:read',
    ]);
  });
});

describe('a key grant', () => {
  it('parses names, scopes (catalogue order, once each) and a future expiry', () => {
    const at = inDays(2);
    expect(
      KeyGrantBody.parse({
        name: ' ci ',
        scopes: ['issues:read', 'tasks:read', 'tasks:read'],
        expiresAt: at,
      }),
    ).toEqual({ name: 'ci', scopes: ['tasks:read', 'issues:read'], expiresAt: at });
    // A date alone is 00:00 UTC that day.
    const day = inDays(3).slice(0, 10);
    expect(KeyGrantBody.parse({ expiresAt: day }).expiresAt).toBe(`${day}T00:00:00.000Z`);
  });

  it('refuses unknown scopes, past, far and malformed expiries, and unknown fields', () => {
    const issue = (body: unknown) => KeyGrantBody.safeParse(body).error?.issues[0];
    expect(issue({ scopes: ['tasks:read', 'root'] })).toMatchObject({
      path: ['scopes', 1],
      params: { rule: 'unknown_scope', value: 'root' },
    });
    expect(issue({ expiresAt: '2001-01-01T00:00:00Z' })).toMatchObject({
      params: { rule: 'future' },
    });
    expect(issue({ expiresAt: inDays(6 * 366) })).toMatchObject({
      params: { rule: 'max_lifetime' },
    });
    expect(issue({ expiresAt: 'tomorrow' })?.path).toEqual(['expiresAt']);
    expect(issue({ admin: true })?.code).toBe('unrecognized_keys');
  });

  it('never grants more than the calling key holds', () => {
    const until = inDays(10);
    const caller = { scopes: ['tasks:read', 'keys:write'], keyExpiresAt: until };
    expect(grantFor(caller)).toEqual({
      name: null,
      scopes: ['tasks:read', 'keys:write'],
      expiresAt: new Date(until),
    });
    expect(() => grantFor(caller, { scopes: ['tasks:write'] })).toThrow(AppError);
    expect(() => grantFor(caller, { expiresAt: inDays(11) })).toThrow(/outlive/);
    expect(grantFor({}, {})).toEqual({ name: null, scopes: null, expiresAt: null });
  });
});
