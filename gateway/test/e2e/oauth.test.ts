import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Browser } from 'puppeteer-core';
import { api, eventually, gatewayUrl } from '../../../test/support/e2e.js';
import {
  newAgent,
  newWorkspace,
  standaloneUrl,
  type TestAgent,
  type Workspace,
} from '../../../libs/mcp-tools/test/support/e2e-fixtures.js';
import {
  MemoryOAuthProvider,
  REDIRECT_URI,
  consentByHttp,
  consentInBrowser,
  launchChromium,
  pkce,
} from '../support/oauth-client.js';

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields),
});
const token = (fields: Record<string, string>) =>
  fetch(`${gatewayUrl()}/oauth/token`, form(fields));

async function register(redirectUris = [REDIRECT_URI]): Promise<string> {
  const res = await fetch(`${gatewayUrl()}/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_name: 'By-hand client', redirect_uris: redirectUris }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { client_id: string }).client_id;
}

function authorizeUrl(clientId: string, challenge: string, extra: Record<string, string> = {}) {
  const url = new URL(`${gatewayUrl()}/oauth/authorize`);
  const params = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'xyz',
    resource: `${gatewayUrl()}/mcp`,
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

/** A code by hand (plain HTTP through the consent forms), and what it was bound to. */
async function codeFor(key: string, choice: Parameters<typeof consentByHttp>[2] = {}) {
  const clientId = await register();
  const { verifier, challenge } = pkce();
  const res = await consentByHttp(authorizeUrl(clientId, challenge), key, choice);
  expect(res.status).toBe(303);
  const back = new URL(res.headers.get('location')!);
  return { clientId, verifier, code: back.searchParams.get('code')!, back };
}

async function tokensFor(key: string, choice: Parameters<typeof consentByHttp>[2] = {}) {
  const { clientId, verifier, code } = await codeFor(key, choice);
  const res = await token({
    grant_type: 'authorization_code',
    code,
    client_id: clientId,
    redirect_uri: REDIRECT_URI,
    code_verifier: verifier,
    resource: `${gatewayUrl()}/mcp`,
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { access_token: string; refresh_token: string; scope: string };
  return { clientId, ...body };
}

const me = (accessToken: string) => api(accessToken, 'GET', '/api/me');

describe('OAuth 2.1: Momentum as the authorization server of its API and MCP endpoints', () => {
  let ws: Workspace;
  let agent: TestAgent;
  let chromium: { browser: Browser; close: () => Promise<void> };

  beforeAll(async () => {
    ws = await newWorkspace();
    agent = await newAgent(ws.user, ws.team.id);
    chromium = await launchChromium();
  }, 60_000);
  afterAll(() => chromium?.close());

  it('advertises itself: metadata of the authorization server and of both resources', async () => {
    const as = (await (
      await fetch(`${gatewayUrl()}/.well-known/oauth-authorization-server`)
    ).json()) as Record<string, unknown[]>;
    expect(as).toMatchObject({
      issuer: gatewayUrl(),
      authorization_endpoint: `${gatewayUrl()}/oauth/authorize`,
      token_endpoint: `${gatewayUrl()}/oauth/token`,
      registration_endpoint: `${gatewayUrl()}/oauth/register`,
      revocation_endpoint: `${gatewayUrl()}/oauth/revoke`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      authorization_response_iss_parameter_supported: true,
      client_id_metadata_document_supported: true,
    });
    expect(as.grant_types_supported).toEqual(
      expect.arrayContaining(['authorization_code', 'refresh_token']),
    );
    expect(as.scopes_supported).toContain('issues:write');
    const prm = await (
      await fetch(`${gatewayUrl()}/.well-known/oauth-protected-resource/mcp`)
    ).json();
    expect(prm).toMatchObject({
      resource: `${gatewayUrl()}/mcp`,
      authorization_servers: [gatewayUrl()],
    });
    const standalone = await (
      await fetch(`${standaloneUrl()}/.well-known/oauth-protected-resource/mcp`)
    ).json();
    expect(standalone).toMatchObject({
      resource: `${standaloneUrl()}/mcp`,
      authorization_servers: [gatewayUrl()],
    });
  });

  it('401s at /mcp and at the standalone server name their resource metadata', async () => {
    const gw = await fetch(`${gatewayUrl()}/mcp`, { method: 'POST' });
    expect(gw.status).toBe(401);
    expect(gw.headers.get('www-authenticate')).toBe(
      `Bearer realm="momentum", resource_metadata="${gatewayUrl()}/.well-known/oauth-protected-resource/mcp"`,
    );
    const sa = await fetch(`${standaloneUrl()}/mcp`, { method: 'POST' });
    expect(sa.status).toBe(401);
    expect(sa.headers.get('www-authenticate')).toContain(
      `resource_metadata="${standaloneUrl()}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  it('connects the official SDK client to /mcp: discovery, registration, PKCE, consent in Chromium', async () => {
    const provider = new MemoryOAuthProvider();
    const url = new URL(`${gatewayUrl()}/mcp`);
    const first = new Client({ name: 'e2e', version: '1.0.0' });
    await expect(
      first.connect(new StreamableHTTPClientTransport(url, { authProvider: provider })),
    ).rejects.toThrow(UnauthorizedError);
    const authUrl = provider.authorizationUrl!;
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('resource')).toBe(`${gatewayUrl()}/mcp`);

    const { redirect, cspViolations, pages } = await consentInBrowser(
      chromium.browser,
      authUrl.toString(),
      ws.user.apiKey,
    );
    expect(cspViolations).toEqual([]);
    expect(pages[0]).toContain('type="password"');
    expect(pages[1]).toContain('E2E MCP client');
    // Nothing of the key in either page after it was posted, nor in the redirect.
    expect(pages[1]).not.toContain(ws.user.apiKey);
    expect(redirect.toString()).not.toContain(ws.user.apiKey);
    expect(redirect.searchParams.get('iss')).toBe(gatewayUrl());
    expect(redirect.searchParams.get('state')).toBe(authUrl.searchParams.get('state'));

    const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await transport.finishAuth(redirect.searchParams.get('code')!);
    expect(provider.saved?.access_token).toMatch(/^mat_/);
    const client = new Client({ name: 'e2e', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('create_task');
    const result = await client.callTool({ name: 'get_me', arguments: {} });
    expect(JSON.stringify(result.content)).toContain(ws.user.id);
    await client.close();

    // The token is the gateway's: the standalone server refuses it (no passthrough).
    const sa = await fetch(`${standaloneUrl()}/mcp`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${provider.saved!.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(sa.status).toBe(401);
  }, 60_000);

  it('a narrowed grant hides the write tools and is 403 with requiredScope on writes', async () => {
    const provider = new MemoryOAuthProvider();
    const url = new URL(`${gatewayUrl()}/mcp`);
    await expect(
      new Client({ name: 'e2e', version: '1' }).connect(
        new StreamableHTTPClientTransport(url, { authProvider: provider }),
      ),
    ).rejects.toThrow(UnauthorizedError);
    const { redirect } = await consentInBrowser(
      chromium.browser,
      provider.authorizationUrl!.toString(),
      ws.user.apiKey,
      { readOnly: true },
    );
    const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await transport.finishAuth(redirect.searchParams.get('code')!);
    expect(provider.saved!.scope!.split(' ').every((s) => s.endsWith(':read'))).toBe(true);
    const client = new Client({ name: 'e2e', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain('get_me');
    expect(names).not.toContain('create_task');
    await client.close();
    const write = await api(provider.saved!.access_token, 'POST', '/api/projects', {
      teamId: ws.team.id,
      name: 'Nope',
      key: 'NOPE',
    });
    expect(write.status).toBe(403);
    expect(write.body.error.details).toEqual({ requiredScope: 'projects:write' });
    // What an OAuth client reads to ask the person for more (RFC 6750 §3.1).
    expect(write.headers.get('www-authenticate')).toBe(
      'Bearer realm="momentum", error="insufficient_scope", scope="projects:write"',
    );
  }, 60_000);

  it('connects the SDK client to the standalone server, which exchanges the token', async () => {
    const provider = new MemoryOAuthProvider();
    const url = new URL(`${standaloneUrl()}/mcp`);
    await expect(
      new Client({ name: 'e2e', version: '1' }).connect(
        new StreamableHTTPClientTransport(url, { authProvider: provider }),
      ),
    ).rejects.toThrow(UnauthorizedError);
    expect(provider.authorizationUrl!.searchParams.get('resource')).toBe(`${standaloneUrl()}/mcp`);
    const { redirect } = await consentInBrowser(
      chromium.browser,
      provider.authorizationUrl!.toString(),
      ws.user.apiKey,
    );
    const transport = new StreamableHTTPClientTransport(url, { authProvider: provider });
    await transport.finishAuth(redirect.searchParams.get('code')!);
    const client = new Client({ name: 'e2e', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(url, { authProvider: provider }));
    const result = await client.callTool({ name: 'get_me', arguments: {} });
    expect(JSON.stringify(result.content)).toContain(ws.user.id);
    await client.close();
    // A token for the standalone server is refused by the gateway itself.
    expect((await me(provider.saved!.access_token)).status).toBe(401);
    // The exchange is for the MCP servers alone: without their secret it is refused.
    const res = await token({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: provider.saved!.access_token,
      subject_token_type: 'urn:ietf:params:oauth:token-type:access_token',
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'invalid_client' });
  }, 60_000);

  it('refuses an unregistered redirect URI with an error page, never a redirect', async () => {
    const clientId = await register();
    const { challenge } = pkce();
    const res = await fetch(
      authorizeUrl(clientId, challenge, { redirect_uri: 'https://evil.example.com/cb' }),
      { redirect: 'manual' },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('redirect_uri is not one the client registered');
  });

  it('redirects a request without PKCE back with invalid_request, state and iss', async () => {
    const clientId = await register();
    const url = new URL(authorizeUrl(clientId, 'x'.repeat(43)));
    url.searchParams.set('code_challenge_method', 'plain');
    const res = await fetch(url, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('invalid_request');
    expect(back.searchParams.get('state')).toBe('xyz');
    expect(back.searchParams.get('iss')).toBe(gatewayUrl());
  });

  it('a denial goes back as access_denied', async () => {
    const clientId = await register();
    const { challenge } = pkce();
    const res = await consentByHttp(authorizeUrl(clientId, challenge), ws.user.apiKey, {
      deny: true,
    });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });

  it('refuses a consent post without the CSRF cookie', async () => {
    const res = await fetch(`${gatewayUrl()}/oauth/authorize`, {
      ...form({ csrf: 'a'.repeat(43), key: ws.user.apiKey }),
      redirect: 'manual',
    });
    expect(res.status).toBe(403);
  });

  it('refuses a wrong verifier, and a code used twice (revoking what it gave)', async () => {
    const wrong = await codeFor(ws.user.apiKey);
    const bad = await token({
      grant_type: 'authorization_code',
      code: wrong.code,
      client_id: wrong.clientId,
      redirect_uri: REDIRECT_URI,
      code_verifier: pkce().verifier,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'invalid_grant' });

    const { clientId, verifier, code } = await codeFor(ws.user.apiKey);
    const redeem = () =>
      token({
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      });
    const ok = await redeem();
    expect(ok.status).toBe(200);
    const { access_token } = (await ok.json()) as { access_token: string };
    expect((await me(access_token)).status).toBe(200);
    const again = await redeem();
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    await eventually(async () => expect((await me(access_token)).status).toBe(401));
  });

  it('rotates refresh tokens; a spent one presented again revokes the grant', async () => {
    const first = await tokensFor(ws.user.apiKey);
    const refresh = (refresh_token: string) =>
      token({ grant_type: 'refresh_token', refresh_token, client_id: first.clientId });
    const rotated = await refresh(first.refresh_token);
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await me(second.access_token)).status).toBe(200);
    const reused = await refresh(first.refresh_token);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
    // The whole grant ended: every token of it, on every gateway.
    await eventually(async () => expect((await me(second.access_token)).status).toBe(401));
    expect((await refresh(second.refresh_token)).status).toBe(400);
  });

  it('revokes a grant by either token (RFC 7009)', async () => {
    const t = await tokensFor(ws.user.apiKey);
    expect((await me(t.access_token)).status).toBe(200);
    const res = await fetch(`${gatewayUrl()}/oauth/revoke`, form({ token: t.refresh_token }));
    expect(res.status).toBe(200);
    await eventually(async () => expect((await me(t.access_token)).status).toBe(401));
    // Unknown tokens are answered alike.
    expect((await fetch(`${gatewayUrl()}/oauth/revoke`, form({ token: 'nope' }))).status).toBe(200);
  });

  it('revoking the key that consented ends the grant: access 401, refresh invalid_grant', async () => {
    const made = await api(ws.user.apiKey, 'POST', '/api/users/me/api-keys', { name: 'consent' });
    expect(made.status).toBe(201);
    const { id: keyDocId, apiKey } = made.body.data as { id: string; apiKey: string };
    const mine = await tokensFor(apiKey);
    const asAgent = await tokensFor(apiKey, { actAs: agent.id });
    const other = await tokensFor(ws.user.apiKey);
    for (const t of [mine, asAgent, other]) expect((await me(t.access_token)).status).toBe(200);

    const revoked = await api(ws.user.apiKey, 'DELETE', `/api/users/me/api-keys/${keyDocId}`);
    expect(revoked.status).toBe(204);
    // Identity ends the grants before it answers, each announced to every gateway: at once.
    for (const t of [mine, asAgent]) {
      expect((await me(t.access_token)).status).toBe(401);
      const refreshed = await token({
        grant_type: 'refresh_token',
        refresh_token: t.refresh_token,
        client_id: t.clientId,
      });
      expect(refreshed.status).toBe(400);
      expect(await refreshed.json()).toMatchObject({ error: 'invalid_grant' });
    }
    // A grant another key consented to goes on.
    expect((await me(other.access_token)).status).toBe(200);
  });

  it('acting as an agent: the tokens act as the agent, and the timeline says so', async () => {
    const t = await tokensFor(ws.user.apiKey, { actAs: agent.id });
    const who = await me(t.access_token);
    expect(who.body.data).toMatchObject({ type: 'agent', id: agent.id });
    const issue = await api(ws.user.apiKey, 'POST', '/api/tasks', {
      projectId: ws.project.id,
      title: 'Connected by OAuth',
    });
    expect(issue.status).toBe(201);
    const moved = await api(t.access_token, 'PATCH', `/api/tasks/${issue.body.data.id}`, {
      status: 'in_progress',
    });
    expect(moved.status).toBe(200);
    const read = await api(ws.user.apiKey, 'GET', `/api/tasks/${issue.body.data.id}`);
    expect(read.body.data.activity).toContainEqual(
      expect.objectContaining({ action: 'status_changed', userId: agent.id, userType: 'agent' }),
    );
  });

  it('lists connected clients, and ending one stops its tokens at once', async () => {
    const t = await tokensFor(ws.user.apiKey, { actAs: agent.id, readOnly: true });
    expect((await me(t.access_token)).status).toBe(200);
    const list = await api(ws.user.apiKey, 'GET', '/api/users/me/authorizations');
    expect(list.status).toBe(200);
    const grant = list.body.data.find(
      (g: { client: { id: string } }) => g.client.id === t.clientId,
    );
    expect(grant).toMatchObject({
      client: { name: 'By-hand client', uri: null },
      actingAs: { type: 'agent', id: agent.id },
      createdAt: expect.any(String),
    });
    expect(grant.scopes.every((s: string) => s.endsWith(':read'))).toBe(true);
    const ended = await api(ws.user.apiKey, 'DELETE', `/api/users/me/authorizations/${grant.id}`);
    expect(ended.status).toBe(204);
    expect((await me(t.access_token)).status).toBe(401);
    const again = await api(ws.user.apiKey, 'DELETE', `/api/users/me/authorizations/${grant.id}`);
    expect(again.status).toBe(404);
    // An OAuth token may not manage grants (no keys:write here), nor may an agent's key.
    expect((await api(agent.apiKey, 'GET', '/api/users/me/authorizations')).status).toBe(403);
  });
});
