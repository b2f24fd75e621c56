import type { FastifyInstance } from 'fastify';
import { AgentKeyView, AgentParams, dataOf } from '@momentum/contracts';
import { defineRoute } from '@momentum/service-kit';
import { mintKey, rotateKey } from '../usecases/agent-keys.js';
import type { AgentDeps } from '../usecases/manage-agents.js';

const tags = ['agents'];
const KeyReply = dataOf(AgentKeyView);

export function registerKeyRoutes(app: FastifyInstance, deps: AgentDeps) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/agents/:id/api-key',
      summary: 'Mint the agent’s API key, shown this once (409 if it has one)',
      description: 'The raw key is in `data.apiKey`, this once; only its hash is stored.',
      operationId: 'mintAgentKey',
      tags,
      params: AgentParams,
      response: { status: 201, schema: KeyReply },
      errors: [403, 409],
    },
    async ({ actor, params }) => ({ data: await mintKey(deps, actor, params.id) }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/agents/:id/regen-key',
      summary: 'Replace the agent’s key; the old one is refused at once',
      operationId: 'rotateAgentKey',
      tags,
      params: AgentParams,
      response: { status: 200, schema: KeyReply },
      errors: [403],
    },
    async ({ actor, params }) => ({ data: await rotateKey(deps, actor, params.id) }),
  );
}
