import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { SYSTEM_ACTOR, type Actor } from '@momentum/contracts';
import type { Harness } from './harness.js';

/** An agent key as minted here: `svc_a<keyId>_<secret>`. */
export const AGENT_KEY = /^svc_a[0-9a-f]{24}_[A-Za-z0-9_-]{43}$/;

/** The agent and key calls the service tests make, against one harness. */
export function agentApi(h: Harness) {
  return {
    /** POST /api/agents as given, unchecked. */
    create: (actor: Actor, payload: unknown) =>
      h.as(actor, { method: 'POST', url: '/api/agents', payload: payload as object }),
    async newAgent(owner: Actor, payload: object = {}) {
      const res = await h.as(owner, {
        method: 'POST',
        url: '/api/agents',
        payload: { name: `bot-${randomUUID().slice(0, 6)}`, ...payload },
      });
      expect(res.statusCode).toBe(201);
      return res.json().data as { id: string; name: string };
    },
    /** Mints the agent's key; `payload` is the optional grant `{name?, scopes?, expiresAt?}`. */
    mint: (owner: Actor, id: string, payload?: object) =>
      h.as(owner, {
        method: 'POST',
        url: `/api/agents/${id}/api-key`,
        ...(payload ? { payload } : {}),
      }),
    regen: (owner: Actor, id: string, payload?: object) =>
      h.as(owner, {
        method: 'POST',
        url: `/api/agents/${id}/regen-key`,
        ...(payload ? { payload } : {}),
      }),
    /** The gateway's key lookup. */
    record: (keyId: string) =>
      h.as(SYSTEM_ACTOR, { method: 'GET', url: `/internal/keys/${keyId}` }),
    eventsFor: (id: string, type: string) =>
      h.events.filter((e) => e.type === type && (e.data as { id: string }).id === id),
  };
}
