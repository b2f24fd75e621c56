import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCacheKey } from '@momentum/contracts';
import { parseApiKey } from '@momentum/keys';
import { startTestGateway, userActor, type TestGateway } from '../../support/harness.js';
import { REDIRECT_URI, consentByHttp, pkce } from '../../support/oauth-client.js';

const CLIENT_ID = '0b6c1f7e-4f3a-4c55-9d0e-6a1f2b3c4d5e';
const KEY_EXPIRES_AT = new Date(Date.now() + 3_600_000).toISOString();

/**
 * docs/SECURITY.md, OAuth, "Nothing outlives its key": the consent page hands identity the key
 * the person signed in with, and a grant whose key went is refused at once on the gateway.
 */
describe('the gateway ties a grant to the key that consented', () => {
  let gw: TestGateway;
  let origin: string;
  const codes: Array<Record<string, unknown>> = [];
  /** What the fake identity answers for an access token's record (null: 404, the grant ended). */
  let accessRecord: Record<string, unknown> | null = null;

  beforeAll(async () => {
    gw = await startTestGateway({
      oauth: true,
      handler: async (request, reply, seen) => {
        const url = request.url.split('?')[0]!;
        if (seen.service === 'identity' && url === `/internal/oauth/clients/${CLIENT_ID}`)
          return {
            data: { id: CLIENT_ID, name: 'Client', uri: null, redirectUris: [REDIRECT_URI] },
          };
        if (seen.service === 'identity' && url === '/internal/oauth/codes') {
          codes.push(JSON.parse(seen.body) as Record<string, unknown>);
          return reply.status(204).send();
        }
        if (seen.service === 'identity' && url.startsWith('/internal/oauth/access/'))
          return accessRecord
            ? { data: accessRecord }
            : reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Grant not found' } });
        if (seen.service === 'identity' && url.startsWith('/internal/oauth/grants/'))
          return reply.status(204).send();
        if (seen.service === 'agents' && url === '/api/agents') return { data: [] };
        return undefined;
      },
    });
    origin = await gw.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => gw?.close());

  it('records the signing-in key’s id and expiry on the code it stores', async () => {
    const key = await gw.keyring.add({ ...userActor('u-consent'), keyExpiresAt: KEY_EXPIRES_AT });
    const url = new URL(`${origin}/oauth/authorize`);
    for (const [k, v] of Object.entries({
      response_type: 'code',
      client_id: CLIENT_ID,
      redirect_uri: REDIRECT_URI,
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
      state: 's',
      resource: `${origin}/mcp`,
    }))
      url.searchParams.set(k, v);
    const res = await consentByHttp(url.toString(), key);
    expect(res.status).toBe(303);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({
      userId: 'u-consent',
      keyId: parseApiKey(key)!.keyId,
      keyExpiresAt: KEY_EXPIRES_AT,
    });
  });

  it('refuses a token at once when identity announces its grant ended (the key revoked)', async () => {
    const token = `mat_${'t'.repeat(16)}_${'a'.repeat(43)}`;
    accessRecord = {
      grantId: 'g1',
      userId: 'u-consent',
      agentId: null,
      clientId: CLIENT_ID,
      scopes: ['profile:read'],
      hash: createHash('sha256').update(token).digest('hex'),
      resource: `${origin}/mcp`,
      expiresAt: KEY_EXPIRES_AT,
      user: { id: 'u-consent', name: 'u', teamIds: [], isAdmin: false },
    };
    const me = async () =>
      (await fetch(`${origin}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status;
    expect(await me()).toBe(200);
    // Identity ended the grant with its key: the record is gone, and the announcement
    // (identity.key.revoked for oauth:<grant>) drops the cached verdict.
    accessRecord = null;
    gw.keyCache.dropKey(grantCacheKey('g1'));
    expect(await me()).toBe(401);
  });
});
