import type { FastifyInstance } from 'fastify';
import {
  AgentParams,
  AgentView,
  CreateAgentBody,
  ListAgentsQuery,
  UpdateAgentBody,
  dataOf,
  pageMeta,
  pageOf,
} from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { AgentsDeps } from '../deps.js';
import {
  createAgent,
  deleteAgent,
  getAgent,
  listAgents,
  updateAgent,
} from '../usecases/manage-agents.js';
import { agentView } from './replies.js';

const tags = ['agents'];

export function registerAgentRoutes(app: FastifyInstance, deps: AgentsDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/agents',
      summary: 'The agents the caller owns',
      operationId: 'listAgents',
      tags,
      query: ListAgentsQuery,
      response: { status: 200, schema: pageOf(AgentView) },
    },
    async ({ actor, query }) => {
      const { items, total } = await listAgents(deps, actor, query.page, query.limit);
      return {
        data: items.map(agentView),
        meta: pageMeta(total, query),
      };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/api/agents',
      summary: 'Create an agent (active, without a key)',
      description:
        'A `teamId` of a team the caller does not belong to is 403. Agents cannot create agents.',
      operationId: 'createAgent',
      tags,
      body: CreateAgentBody,
      response: { status: 201, schema: dataOf(AgentView) },
      errors: [403, 409],
    },
    async ({ actor, body }) => ({ data: agentView(await createAgent(deps, actor, body)) }),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/agents/:id',
      summary: 'One of the caller’s agents',
      operationId: 'getAgent',
      tags,
      params: AgentParams,
      response: { status: 200, schema: dataOf(AgentView) },
    },
    async ({ actor, params }) => ({ data: agentView(await getAgent(deps, actor, params.id)) }),
  );

  defineRoute(
    app,
    {
      method: 'PATCH',
      url: '/api/agents/:id',
      summary: 'Update an agent; isActive:false refuses its key at once',
      description: 'Moving the agent to a team the caller does not belong to is 403.',
      operationId: 'updateAgent',
      tags,
      params: AgentParams,
      body: UpdateAgentBody,
      response: { status: 200, schema: dataOf(AgentView) },
      errors: [403],
    },
    async ({ actor, params, body }) => ({
      data: agentView(await updateAgent(deps, actor, params.id, body)),
    }),
  );

  defineRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/agents/:id',
      summary: 'Delete an agent and its key',
      operationId: 'deleteAgent',
      tags,
      params: AgentParams,
      response: { status: 204, description: 'Deleted; its key is refused at once' },
      errors: [403],
    },
    async ({ actor, params }) => deleteAgent(deps, actor, params.id),
  );
}
