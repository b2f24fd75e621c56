import type { FastifyInstance } from 'fastify';
import type { AgentChoice } from './consent-page.js';

/**
 * The agents a person may connect a client as: their active agents, read through this
 * gateway with the key they signed in with (so the key's own scopes apply: without
 * `agents:read`, none are offered).
 */
export async function agentsOfKey(app: FastifyInstance, key: string): Promise<AgentChoice[]> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/agents?limit=100',
    headers: { authorization: `Bearer ${key}` },
  });
  if (res.statusCode !== 200) return [];
  const body = res.json<{ data?: Array<{ id: string; name: string; isActive: boolean }> }>();
  return (body.data ?? []).filter((a) => a.isActive).map((a) => ({ id: a.id, name: a.name }));
}
