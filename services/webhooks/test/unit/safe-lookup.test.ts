import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { FORBIDDEN_ADDRESS, safeLookup } from '../../src/delivery/safe-lookup.js';
import type { Resolve } from '../../src/clients/resolver.js';

const table: Record<string, { address: string; family: 4 | 6 }[]> = {
  'public.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '2606:4700:4700::1111', family: 6 },
  ],
  'rebind.test': [{ address: '127.0.0.1', family: 4 }],
  'mixed.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ],
  // An AAAA record holding an IPv4-mapped loopback address.
  'mapped.test': [{ address: '::ffff:7f00:1', family: 6 }],
  'empty.test': [],
};
const resolve: Resolve = async (host) => table[host] ?? [];

function lookup(host: string, options: { all?: boolean; family?: number }, allowPrivate = false) {
  return new Promise<{
    err: NodeJS.ErrnoException | null;
    address: string | LookupAddress[];
    family?: number;
  }>((done) =>
    safeLookup(resolve, allowPrivate)(host, options, (err, address, family) =>
      done({ err, address, family }),
    ),
  );
}

describe('the lookup every delivery socket uses', () => {
  it('hands the socket exactly the checked addresses', async () => {
    expect(await lookup('public.test', { all: true })).toMatchObject({
      err: null,
      address: table['public.test'],
    });
    expect(await lookup('public.test', {})).toMatchObject({
      err: null,
      address: '93.184.216.34',
      family: 4,
    });
    expect(await lookup('public.test', { family: 6 })).toMatchObject({
      address: '2606:4700:4700::1111',
      family: 6,
    });
  });

  it('refuses a name that resolves to a private address, even among public ones', async () => {
    const refused = (await lookup('rebind.test', { all: true })).err;
    expect(refused?.code).toBe(FORBIDDEN_ADDRESS);
    // Neither the name nor what it resolved to: the message reaches the owner's delivery log.
    expect(refused?.message).toBe('address not allowed or does not resolve');
    expect((await lookup('mixed.test', {})).err?.code).toBe(FORBIDDEN_ADDRESS);
    expect((await lookup('mapped.test', { family: 6 })).err?.code).toBe(FORBIDDEN_ADDRESS);
  });

  it('lets private addresses through when allowed, and reports a name that does not resolve', async () => {
    expect(await lookup('rebind.test', {}, true)).toMatchObject({
      err: null,
      address: '127.0.0.1',
    });
    expect((await lookup('empty.test', {})).err?.code).toBe('ENOTFOUND');
  });
});
