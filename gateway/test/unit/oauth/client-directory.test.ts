import { afterEach, describe, expect, it } from 'vitest';
import type { Resolve } from '@momentum/http';
import { ClientDirectory } from '../../../src/oauth/clients.js';
import type { GrantStore } from '../../../src/oauth/grant-store.js';

/** The identity side, answering one registered client. */
const store = {
  client: async (id: string) =>
    id === '3f1c3a7e-0000-4000-8000-000000000000'
      ? { id, name: 'Registered', uri: null, redirectUris: ['http://127.0.0.1/cb'] }
      : null,
} as unknown as GrantStore;

describe('finding a client', () => {
  let directory: ClientDirectory | undefined;
  afterEach(() => directory?.close());

  it('fetches a metadata document only through the SSRF guard: a private address is refused', async () => {
    let lookups = 0;
    const resolve: Resolve = async () => {
      lookups++;
      return [{ address: '10.0.0.7', family: 4 }];
    };
    directory = new ClientDirectory(store, { allowPrivate: false, resolve });
    const found = await directory.find('https://metadata.internal.example/client.json');
    expect(found).toEqual({
      ok: false,
      error: 'the client metadata document could not be fetched',
    });
    expect(lookups).toBe(1);
    // Kept a little while: the next authorization request does not fetch again.
    await directory.find('https://metadata.internal.example/client.json');
    expect(lookups).toBe(1);
  });

  it('finds registered clients by id, as dynamically registered', async () => {
    directory = new ClientDirectory(store, { allowPrivate: false });
    expect(await directory.find('3f1c3a7e-0000-4000-8000-000000000000')).toEqual({
      ok: true,
      value: {
        id: '3f1c3a7e-0000-4000-8000-000000000000',
        name: 'Registered',
        uri: null,
        redirectUris: ['http://127.0.0.1/cb'],
        kind: 'registered',
      },
    });
    expect(await directory.find('3f1c3a7e-0000-4000-8000-000000000001')).toEqual({
      ok: false,
      error: 'unknown client_id',
    });
    // Neither a metadata URL (http) nor a registered id: not asked of identity at all.
    expect(await directory.find('http://client.example.com/x.json')).toEqual({
      ok: false,
      error: 'unknown client_id',
    });
  });
});
