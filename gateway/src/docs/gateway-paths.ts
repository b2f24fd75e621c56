// The operations the gateway answers itself (health.ts, the MCP extension, this document);
// their tag, and whether they need a key, are their rows' in the route table.

type Json = Record<string, unknown>;

const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (description: string, body: Json, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: body } },
});
const retryAfter = { 'Retry-After': { $ref: '#/components/headers/Retry-After' } };
/** The gateway refuses a declared body over the limit on every path, before routing. */
const tooLarge = json('`Content-Length` over 1 MiB, refused before reading', schema('ApiError'));

export const GATEWAY_SCHEMAS: Json = {
  Alive: {
    type: 'object',
    description: 'The process answers',
    properties: { status: { const: 'ok' } },
    required: ['status'],
    additionalProperties: false,
  },
  Health: {
    type: 'object',
    description:
      "`ok` when every service answers its own readiness check, `degraded` while one does not (the gateway stays ready; that service's paths answer 503 with Retry-After)",
    properties: {
      status: { type: 'string', enum: ['ok', 'degraded'] },
      services: {
        type: 'object',
        additionalProperties: { type: 'string', enum: ['ok', 'unavailable'] },
        examples: [{ identity: 'ok', habits: 'ok', projects: 'ok', issues: 'ok', agents: 'ok' }],
      },
      replicas: {
        type: 'object',
        description:
          'When a service runs as several replicas: how many of them answer `ok`, of how many (`1/2`); a service is `ok` while one does',
        additionalProperties: { type: 'string', pattern: '^[0-9]+/[0-9]+$' },
      },
    },
    required: ['status', 'services'],
    additionalProperties: false,
  },
  JsonRpcMessage: {
    type: 'object',
    description: 'A JSON-RPC 2.0 message of the Model Context Protocol (Streamable HTTP)',
    properties: {
      jsonrpc: { const: '2.0' },
      id: { type: ['string', 'integer', 'null'] },
      method: { type: 'string' },
      params: { type: 'object' },
      result: {},
      error: { type: 'object' },
    },
    required: ['jsonrpc'],
  },
};

export const GATEWAY_PATHS: Record<string, Record<string, Json>> = {
  '/health': {
    get: {
      operationId: 'getHealth',
      summary: 'The gateway process is alive',
      description:
        'Liveness: asks nothing of the services or NATS (see `/ready`). No key needed, never rate limited.',
      responses: {
        '200': json('The gateway answers', schema('Alive')),
        '413': tooLarge,
      },
    },
  },
  '/ready': {
    get: {
      operationId: 'getReadiness',
      summary: 'Readiness of the gateway and every service',
      description:
        'Ready while the gateway reaches NATS, whatever the services say: the body reports each service (`ok` when it answers its own `/ready`: its database and NATS reachable), and a service that is down makes only its own paths answer 503 with Retry-After, so no load balancer takes every gateway out for it. No key needed, never rate limited: load balancers and probes poll it.',
      responses: {
        '200': json(
          'The gateway is ready (`status` says whether every service is)',
          schema('Health'),
        ),
        '413': tooLarge,
        '503': json('The gateway itself is not ready (it does not reach NATS)', schema('Health')),
      },
    },
  },
  '/openapi.json': {
    get: {
      operationId: 'getOpenApiDocument',
      summary: 'This OpenAPI 3.1 document',
      description: 'Merged from every service’s own document. No key needed.',
      responses: {
        '200': json('The document', { type: 'object' }),
        '413': tooLarge,
        '429': json('Rate limited (per client address)', schema('ApiError'), retryAfter),
      },
    },
  },
  '/mcp': {
    post: {
      operationId: 'callMcp',
      summary: 'The in-app MCP endpoint (Streamable HTTP, stateless), same bearer key as REST',
      description:
        'Nine tools: list_projects, get_project, list_tasks, get_task, create_task, update_task, search_tasks, add_comment, get_me. Each tool call acts as the key’s user or agent. GET and DELETE are 405 (no sessions).',
      requestBody: {
        required: true,
        content: { 'application/json': { schema: schema('JsonRpcMessage') } },
      },
      responses: {
        '200': json('The JSON-RPC response', schema('JsonRpcMessage')),
        '202': { description: 'A notification or response was accepted; no body' },
        '400': json('Not a JSON-RPC message, or malformed JSON', {}),
        '401': json('Missing or invalid API key', schema('ApiError'), {
          'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' },
        }),
        '406': json(
          '`Accept` must list application/json and text/event-stream',
          schema('JsonRpcMessage'),
        ),
        '413': json('Body over 1 MiB', schema('ApiError')),
        '415': json('Body is not JSON', schema('ApiError')),
        '429': json('Rate limited; a tool call counts twice', schema('ApiError'), retryAfter),
        '500': json('Server-side failure', schema('JsonRpcMessage')),
      },
    },
  },
};

/** Tags in reading order, with what each groups. */
export const TAGS = [
  { name: 'identity', description: 'Who the caller is; users and their API keys' },
  { name: 'teams', description: 'Teams and memberships' },
  { name: 'tasks', description: 'Habits, dailies and to-dos: streaks, XP and levels' },
  { name: 'profile', description: 'XP, level, time zone and the start of the day' },
  { name: 'projects', description: 'Team projects with issue counts' },
  { name: 'issues', description: 'Issues of projects (served from `/api/tasks` too)' },
  { name: 'comments', description: 'Comments on issues; `@name` mentions' },
  { name: 'blockers', description: 'Which issue blocks which' },
  {
    name: 'agents',
    description: 'Agents and their keys; errors in shape B `{statusCode, message}`',
  },
  {
    name: 'webhooks',
    description:
      'Domain events POSTed to your URL, signed as Standard Webhooks say: subscriptions, the event catalogue, the delivery log',
  },
  {
    name: 'notifications',
    description:
      'Your inbox: assignments, mentions, comments and status changes of the issues you watch',
  },
  { name: 'platform', description: 'Health, readiness and this document' },
  { name: 'mcp', description: 'The Model Context Protocol endpoint' },
];
