import type { FastifyInstance } from 'fastify';
import { AgentKeyView, AgentParams, KeyGrantBody, dataOf } from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import { mintKey, rotateKey } from '../usecases/agent-keys.js';
import type { AgentsDeps } from '../deps.js';

const tags = ['agents'];
const KeyReply = dataOf(AgentKeyView);
/** No body at all is the same as `{}`. */
const GrantBody = KeyGrantBody.optional();

export function registerKeyRoutes(app: FastifyInstance, deps: AgentsDeps) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/agents/:id/api-key',
      summary: 'Mint the agent’s API key, shown this once (409 if it has one)',
      description:
        'The raw key is in `data.apiKey`, this once; only its hash is stored. The optional body names the key and limits it: `scopes` (never beyond the calling key’s own, else 403; an unknown scope is 422) and `expiresAt` (future, 422 otherwise).',
      operationId: 'mintAgentKey',
      tags,
      params: AgentParams,
      body: GrantBody,
      response: { status: 201, schema: KeyReply },
      errors: [403, 409, 422],
    },
    async ({ actor, params, body }) => ({ data: await mintKey(deps, actor, params.id, body) }),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/agents/:id/regen-key',
      summary: 'Replace the agent’s key; the old one is refused at once',
      description:
        'Takes the same optional body as minting: the new key gets its own name, scopes and expiry (the old key’s are not carried over).',
      operationId: 'rotateAgentKey',
      tags,
      params: AgentParams,
      body: GrantBody,
      response: { status: 200, schema: KeyReply },
      errors: [403, 422],
    },
    async ({ actor, params, body }) => ({ data: await rotateKey(deps, actor, params.id, body) }),
  );
}
