import { inject } from 'vitest';
import { useStack } from '../../support/e2e.js';
import { launchReplicaStack, type ReplicaStack } from './replica-launch.js';

export type { ReplicaStack } from './replica-launch.js';

/** A replica stack of the file's own, with the e2e helpers pointed at its first gateway. */
export async function startReplicaStack(
  basePort: number,
  extraEnv: Record<string, string> = {},
): Promise<ReplicaStack> {
  const stack = await launchReplicaStack(basePort, extraEnv);
  useStack({ gatewayUrl: stack.gateways[0]!, adminKey: stack.adminKey });
  return stack;
}

/**
 * The layer's shared replica stack (test/replicas/shared-setup.ts) for a file of the
 * `replicas` project: its gateways and admin key, and the e2e helpers pointed at it.
 */
export function sharedReplicaStack(): Pick<ReplicaStack, 'gateways' | 'adminKey'> {
  const stack = { gateways: inject('replicaGateways'), adminKey: inject('replicaAdminKey') };
  useStack({ gatewayUrl: stack.gateways[0]!, adminKey: stack.adminKey });
  return stack;
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers;
  /** When it was sent and when its answer was read (ms since the epoch). */
  sentAt: number;
  doneAt: number;
}

/** One request to one gateway (fetch; no OpenAPI check: processes die under these). */
export async function call(
  gateway: string,
  key: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const sentAt = Date.now();
  const res = await fetch(`${gateway}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers, sentAt, doneAt: Date.now() };
}
