import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AgentKeyView, AgentParams } from '@momentum/contracts';
import { defineRoute } from '@momentum/service-kit';
import { mintKey, rotateKey } from '../usecases/agent-keys.js';
import type { AgentDeps } from '../usecases/manage-agents.js';

const tags = ['agents'];
const KeyReply = z.object({ data: AgentKeyView });

export function registerKeyRoutes(app: FastifyInstance, deps: AgentDeps) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/agents/:id/api-key',
      summary: 'Mint the agent’s API key, shown this once (409 if it has one)',
      tags,
      params: AgentParams,
      response: { status: 201, schema: KeyReply },
    },
    async ({ actor, params }) => ({ data: await mintKey(deps, actor, params.id) }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/agents/:id/regen-key',
      summary: 'Replace the agent’s key; the old one is refused at once',
      tags,
      params: AgentParams,
      response: { status: 200, schema: KeyReply },
    },
    async ({ actor, params }) => ({ data: await rotateKey(deps, actor, params.id) }),
  );
}
