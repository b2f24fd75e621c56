import { beforeAll, describe, expect, it } from 'vitest';
import { newUser, type TestUser } from '../support/e2e.js';
import { REDIRECT_URI, consentByHttp, pkce } from '../../gateway/test/support/oauth-client.js';
import { call, sharedReplicaStack } from './support/replica-stack.js';

/**
 * An OAuth grant ended through one gateway is refused at once through the other
 * (docs/SECURITY.md, "Nothing outlives its key"): both gateways first cache the token's
 * verdict, so a stale cache would show.
 */
const stack = sharedReplicaStack();

const [one, other] = [() => stack.gateways[0]!, () => stack.gateways[1]!];
const ROUNDS = 3;

const post = (gateway: string, path: string, fields: Record<string, string>) =>
  fetch(`${gateway}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

/** Tokens through the consent page and the token endpoint of the first gateway (the issuer). */
async function tokensFor(key: string) {
  const registered = await fetch(`${one()}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'Replica client', redirect_uris: [REDIRECT_URI] }),
  });
  expect(registered.status).toBe(201);
  const clientId = ((await registered.json()) as { client_id: string }).client_id;
  const { verifier, challenge } = pkce();
  const url = new URL(`${one()}/oauth/authorize`);
  const resource = `${one()}/mcp`;
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 's',
    resource,
  }))
    url.searchParams.set(k, v);
  const consented = await consentByHttp(url.toString(), key);
  expect(consented.status).toBe(303);
  const code = new URL(consented.headers.get('location')!).searchParams.get('code')!;
  const res = await post(one(), '/oauth/token', {
    grant_type: 'authorization_code',
    code,
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
    resource,
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string; refresh_token: string };
  return { clientId, ...body };
}

/** Both gateways verify the token now and cache the verdict. */
async function warm(accessToken: string) {
  for (const gateway of stack.gateways)
    expect((await call(gateway, accessToken, 'GET', '/api/me')).status).toBe(200);
}

async function expectEnded(t: Awaited<ReturnType<typeof tokensFor>>, round: number) {
  for (const gateway of [other(), one()])
    expect((await call(gateway, t.access_token, 'GET', '/api/me')).status, `round ${round}`).toBe(
      401,
    );
  const refreshed = await post(other(), '/oauth/token', {
    grant_type: 'refresh_token',
    refresh_token: t.refresh_token,
    client_id: t.clientId,
  });
  expect(refreshed.status).toBe(400);
  expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });
}

describe('OAuth grants across two gateways', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await newUser();
  });

  it('a grant revoked through one gateway is refused at once through the other', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const t = await tokensFor(user.apiKey);
      await warm(t.access_token);
      const revoked = await post(one(), '/oauth/revoke', { token: t.refresh_token });
      expect(revoked.status).toBe(200);
      await expectEnded(t, round);
    }
  });

  it('revoking the consenting key through one gateway ends its grant at once on the other', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const made = await call(one(), user.apiKey, 'POST', '/api/users/me/api-keys', {
        name: `consent ${round}`,
      });
      expect(made.status).toBe(201);
      const t = await tokensFor(made.body.data.apiKey);
      await warm(t.access_token);
      const revoked = await call(
        one(),
        user.apiKey,
        'DELETE',
        `/api/users/me/api-keys/${made.body.data.id}`,
      );
      expect(revoked.status).toBe(204);
      await expectEnded(t, round);
    }
  });
});
