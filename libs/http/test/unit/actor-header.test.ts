import { describe, expect, it } from 'vitest';
import type { Actor } from '@momentum/contracts';
import {
  ActorHeaders,
  SIGNATURE_WINDOW_MS,
  bodyDigest,
  checkRequest,
  signActor,
  verifyActor,
  verifyRequest,
} from '../../src/actor-header.js';
import { parseKeyList, signerToward, trustedKeys } from '../../src/signing-keys.js';

const SECRET = 'a-secret-of-at-least-thirty-two-chars!!';
const actor: Actor = {
  type: 'user',
  id: 'u1',
  userId: 'u1',
  name: 'Ada',
  teamIds: ['t1'],
  isAdmin: false,
};
const GET = { method: 'GET', url: '/api/tasks?limit=5' };

describe('signed actor header', () => {
  it('round-trips the actor', () => {
    expect(verifyActor(signActor(actor, SECRET, GET), SECRET, GET)).toEqual(actor);
  });

  it('refuses another secret', () => {
    expect(verifyActor(signActor(actor, SECRET, GET), `${SECRET}x`, GET)).toBeNull();
  });

  it('refuses a tampered payload (e.g. isAdmin flipped)', () => {
    const headers = signActor(actor, SECRET, GET);
    const forged = Buffer.from(JSON.stringify({ ...actor, isAdmin: true })).toString('base64url');
    expect(verifyActor({ ...headers, [ActorHeaders.actor]: forged }, SECRET, GET)).toBeNull();
  });

  it('refuses a tampered timestamp or signature', () => {
    const now = Date.now();
    const headers = signActor(actor, SECRET, GET, now);
    const at = (h: Record<string, string | string[]>) => verifyActor(h, SECRET, GET, now);
    expect(at({ ...headers, [ActorHeaders.timestamp]: String(now + 1) })).toBeNull();
    const sig = headers[ActorHeaders.signature]!;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(at({ ...headers, [ActorHeaders.signature]: flipped })).toBeNull();
    expect(at({ ...headers, [ActorHeaders.signature]: sig.slice(1) })).toBeNull();
  });

  it('is good for one request: another method, path, query or body is refused (no replay elsewhere)', () => {
    const post = { method: 'POST', url: '/api/tasks', bodyDigest: bodyDigest('{"title":"a"}') };
    const headers = signActor(actor, SECRET, post);
    expect(verifyRequest(headers, SECRET, post)).toMatchObject({
      actor,
      bodyDigest: post.bodyDigest,
    });
    expect(verifyActor(headers, SECRET, { ...post, method: 'DELETE' })).toBeNull();
    expect(verifyActor(headers, SECRET, { ...post, url: '/api/tasks/x' })).toBeNull();
    expect(verifyActor(headers, SECRET, { ...post, url: '/api/tasks?x=1' })).toBeNull();
    // The digest header is part of what is signed: changing it breaks the signature.
    const other = { ...headers, [ActorHeaders.body]: bodyDigest('{"title":"b"}') };
    expect(verifyActor(other, SECRET, post)).toBeNull();
  });

  it(`refuses a header older or newer than the window (${SIGNATURE_WINDOW_MS / 1000} s)`, () => {
    const then = Date.now();
    const headers = signActor(actor, SECRET, GET, then);
    expect(verifyActor(headers, SECRET, GET, then + SIGNATURE_WINDOW_MS)).toEqual(actor);
    expect(verifyActor(headers, SECRET, GET, then + SIGNATURE_WINDOW_MS + 1)).toBeNull();
    expect(verifyActor(headers, SECRET, GET, then - SIGNATURE_WINDOW_MS - 1)).toBeNull();
    // checkRequest tells such a request apart, once its MAC is right.
    expect(checkRequest(headers, SECRET, GET, then + SIGNATURE_WINDOW_MS + 1)).toBe('expired');
    expect(checkRequest(headers, `${SECRET}x`, GET, then + SIGNATURE_WINDOW_MS + 1)).toBeNull();
    expect(checkRequest(headers, SECRET, GET, then)).toMatchObject({ actor });
  });

  it('refuses missing, repeated or non-numeric parts', () => {
    const headers = signActor(actor, SECRET, GET);
    for (const name of Object.values(ActorHeaders)) {
      const { [name]: _gone, ...rest } = headers;
      expect(verifyActor(rest, SECRET, GET)).toBeNull();
      expect(
        verifyActor({ ...headers, [name]: [headers[name]!, headers[name]!] }, SECRET, GET),
      ).toBeNull();
    }
    expect(verifyActor({ ...headers, [ActorHeaders.timestamp]: '1e3' }, SECRET, GET)).toBeNull();
  });

  it('refuses a correctly signed payload that is not an actor', () => {
    const now = Date.now();
    const headers = signActor({ type: 'robot' } as unknown as Actor, SECRET, GET, now);
    expect(verifyActor(headers, SECRET, GET, now)).toBeNull();
  });
});

describe('per-service signing keys', () => {
  const k = (c: string) => c.repeat(40);
  const gateway = { INTERNAL_SECRET: SECRET, SIGNING_KEYS: `identity=${k('a')},habits=${k('b')}` };
  const identity = {
    INTERNAL_SECRET: SECRET,
    SIGNING_KEYS: `habits=${k('c')}`,
    TRUSTED_SIGNING_KEYS: `gateway=${k('a')}`,
  };
  const habits = {
    INTERNAL_SECRET: SECRET,
    TRUSTED_SIGNING_KEYS: `gateway=${k('b')},identity=${k('c')}`,
  };

  it('a service accepts its callers, each with the key of that pair', () => {
    const toIdentity = signActor(actor, signerToward(gateway, 'gateway', 'identity'), GET);
    expect(verifyRequest(toIdentity, trustedKeys(identity), GET)?.caller).toBe('gateway');
    const toHabits = signActor(actor, signerToward(identity, 'identity', 'habits'), GET);
    expect(verifyRequest(toHabits, trustedKeys(habits), GET)?.caller).toBe('identity');
  });

  it('a service holding its callers’ keys cannot sign as them toward another service', () => {
    // identity knows the key the gateway uses toward identity, not the one toward habits.
    const asGateway = signActor(actor, { caller: 'gateway', key: k('a') }, GET);
    expect(verifyActor(asGateway, trustedKeys(habits), GET)).toBeNull();
    // Nor is the shared INTERNAL_SECRET accepted once per-service keys are set.
    expect(verifyActor(signActor(actor, SECRET, GET), trustedKeys(habits), GET)).toBeNull();
    // An unknown caller is refused.
    const stranger = signActor(actor, { caller: 'mcp-server', key: k('b') }, GET);
    expect(verifyActor(stranger, trustedKeys(habits), GET)).toBeNull();
  });

  it('without per-service keys, INTERNAL_SECRET signs and verifies (caller "internal")', () => {
    const shared = { INTERNAL_SECRET: SECRET };
    const headers = signActor(actor, signerToward(shared, 'gateway', 'identity'), GET);
    expect(verifyRequest(headers, trustedKeys(shared), GET)?.caller).toBe('internal');
  });

  it('malformed lists and missing keys are named', () => {
    expect(() => parseKeyList('identity', 'SIGNING_KEYS')).toThrow(/SIGNING_KEYS/);
    expect(() => parseKeyList('identity=short', 'SIGNING_KEYS')).toThrow(/under 32/);
    expect(() => signerToward(identity, 'identity', 'agents')).toThrow(/no key for agents/);
  });
});
