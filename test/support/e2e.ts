import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { assertConforms } from './openapi/traffic.js';

/**
 * Helpers for end-to-end tests: the stack started by test/setup/stack.ts is reached only
 * over HTTP through the gateway. Each test creates its own users and teams, so files
 * never depend on one another.
 */
let target: { gatewayUrl: string; adminKey: string } | null = null;
/**
 * Points the helpers at another stack (the fault tests start a private one), or with null
 * back at the layer's: the e2e files share a process, so a file that moved them moves them back.
 */
export function useStack(stack: { gatewayUrl: string; adminKey: string } | null) {
  target = stack;
}
export const gatewayUrl = () => target?.gatewayUrl ?? inject('gatewayUrl');
export const adminKey = () => target?.adminKey ?? inject('adminKey');
export const serviceUrls = () => inject('serviceUrls');
export const internalSecret = () => inject('internalSecret');

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

/**
 * One request through the gateway. In the end-to-end layer every exchange is also checked
 * against the gateway's /openapi.json (test/support/openapi): an undocumented status, a body
 * or header unlike the document, or a request the document calls invalid that was not
 * refused, fails the test. The fault tests' private stacks (`useStack`) are not checked:
 * they kill processes mid-request.
 */
export async function api<T = any>(
  key: string | null,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const requestHeaders: Record<string, string> = {
    ...(key ? { authorization: `Bearer ${key}` } : {}),
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...headers,
  };
  const requestBody =
    body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const res = await fetch(`${gatewayUrl()}${path}`, {
    method,
    headers: requestHeaders,
    body: requestBody,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  if (!target) {
    await assertConforms(gatewayUrl(), {
      method,
      url: path,
      requestHeaders,
      requestBody,
      status: res.status,
      responseHeaders: res.headers,
      responseText: text,
    });
  }
  return { status: res.status, body: parsed as T, headers: res.headers, text };
}

export interface TestUser {
  id: string;
  name: string;
  apiKey: string;
}

export async function newUser(name = `user-${randomUUID().slice(0, 8)}`): Promise<TestUser> {
  const res = await api(adminKey(), 'POST', '/api/users', { name });
  if (res.status !== 201) throw new Error(`creating a user failed: ${res.status} ${res.text}`);
  return { id: res.body.data.user.id, name, apiKey: res.body.data.apiKey };
}

export interface TestTeam {
  id: string;
  name: string;
  key: string;
}

/** A team created by `owner` (who becomes a member), with `members` added. */
export async function newTeam(owner: TestUser, members: TestUser[] = []): Promise<TestTeam> {
  const res = await api(owner.apiKey, 'POST', '/api/teams', {
    name: `team ${randomUUID().slice(0, 8)}`,
  });
  if (res.status !== 201) throw new Error(`creating a team failed: ${res.status} ${res.text}`);
  for (const m of members) {
    const added = await api(owner.apiKey, 'POST', `/api/teams/${res.body.data.id}/members`, {
      userId: m.id,
    });
    if (added.status !== 201)
      throw new Error(`adding a member failed: ${added.status} ${added.text}`);
  }
  return res.body.data;
}

/** Poll until `check` returns a truthy value (event-fed read models converge). */
export { eventually } from '@momentum/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    gatewayUrl: string;
    adminKey: string;
    serviceUrls: Record<string, string>;
    internalSecret: string;
  }
}
