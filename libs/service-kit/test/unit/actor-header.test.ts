import { describe, expect, it } from 'vitest';
import type { Actor } from '@momentum/contracts';
import { ActorHeaders, signActor, verifyActor } from '../../src/http/actor-header.js';

const SECRET = 'a-secret-of-at-least-thirty-two-chars!!';
const actor: Actor = {
  type: 'user',
  id: 'u1',
  userId: 'u1',
  name: 'Ada',
  teamIds: ['t1'],
  isAdmin: false,
};

describe('signed actor header', () => {
  it('round-trips the actor', () => {
    expect(verifyActor(signActor(actor, SECRET), SECRET)).toEqual(actor);
  });

  it('refuses another secret', () => {
    expect(verifyActor(signActor(actor, SECRET), `${SECRET}x`)).toBeNull();
  });

  it('refuses a tampered payload (e.g. isAdmin flipped)', () => {
    const headers = signActor(actor, SECRET);
    const forged = Buffer.from(JSON.stringify({ ...actor, isAdmin: true })).toString('base64url');
    expect(verifyActor({ ...headers, [ActorHeaders.actor]: forged }, SECRET)).toBeNull();
  });

  it('refuses a tampered timestamp or signature', () => {
    const now = Date.now();
    const headers = signActor(actor, SECRET, now);
    expect(
      verifyActor({ ...headers, [ActorHeaders.timestamp]: String(now + 1) }, SECRET, now),
    ).toBeNull();
    const sig = headers[ActorHeaders.signature]!;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(verifyActor({ ...headers, [ActorHeaders.signature]: flipped }, SECRET, now)).toBeNull();
    expect(
      verifyActor({ ...headers, [ActorHeaders.signature]: sig.slice(1) }, SECRET, now),
    ).toBeNull();
  });

  it('refuses a header older or newer than five minutes (replay window)', () => {
    const then = Date.now();
    const headers = signActor(actor, SECRET, then);
    expect(verifyActor(headers, SECRET, then + 5 * 60_000)).toEqual(actor);
    expect(verifyActor(headers, SECRET, then + 5 * 60_000 + 1)).toBeNull();
    expect(verifyActor(headers, SECRET, then - 5 * 60_000 - 1)).toBeNull();
  });

  it('refuses missing, repeated or non-numeric parts', () => {
    const headers = signActor(actor, SECRET);
    for (const name of Object.values(ActorHeaders)) {
      const { [name]: _gone, ...rest } = headers;
      expect(verifyActor(rest, SECRET)).toBeNull();
      expect(
        verifyActor({ ...headers, [name]: [headers[name]!, headers[name]!] }, SECRET),
      ).toBeNull();
    }
    expect(verifyActor({ ...headers, [ActorHeaders.timestamp]: '1e3' }, SECRET)).toBeNull();
  });

  it('refuses a correctly signed payload that is not an actor', () => {
    const now = Date.now();
    const headers = signActor({ type: 'robot' } as unknown as Actor, SECRET, now);
    expect(verifyActor(headers, SECRET, now)).toBeNull();
  });
});
