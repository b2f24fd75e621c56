// The operations the gateway answers itself (health.ts, the MCP extension, this document);
// their tag, and whether they need a key, are their rows' in the route table.

import { OAUTH_PATHS, OAUTH_SCHEMAS } from './oauth-paths.js';

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
  ...OAUTH_SCHEMAS,
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
  ...OAUTH_PATHS,
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
  '/api/events': {
    get: {
      operationId: 'streamEvents',
      summary: 'The caller’s live events (Server-Sent Events)',
      description: [
        'A `text/event-stream` of the caller’s inbox (`event: notification`, its `data` the notification as the inbox lists it) and of the domain events they may see — their own tasks, level and agents, and the issues, comments, blockers, projects and memberships of their teams as memberships stand at each event — each `data` in the envelope webhooks deliver (`{type, timestamp, data}`, the event catalogue’s fields).',
        '',
        '- **Types**: `?types=notification,issue.updated` (comma-separated; `GET /api/webhooks/event-types` lists the domain types); an unknown type is 422. Each type needs the read scope its REST read needs (`notification`: `notifications:read`, `issue.*`/`comment.*`/`blocker.*`: `issues:read`, `task.*`: `tasks:read`, `project.*`: `projects:read`, `membership.*`: `teams:read`, `agent.*`: `agents:read`, `user.leveled_up`: `profile:read`); naming one the key lacks is 403 with `details.requiredScope`, and without `?types=` the stream carries every type the key may read.',
        '- **Ids and resuming**: a new stream starts with what happens from then on, its first frame an `id:` alone (where it starts). Every event has an `id`; reconnecting with `Last-Event-ID` replays every later event the stream still holds (at least 24 hours), once each, in order, on any gateway replica. A cursor older than that, or unknown, gets `event: reset` first (refetch, then carry on live).',
        '- **Heartbeat**: a `: heartbeat` comment every 15 s (`EVENTS_HEARTBEAT_MS`, at most 30 s).',
        '- **Bounds**: 5 open streams per key on each gateway (`EVENTS_MAX_STREAMS_PER_KEY`; 429 past it); a client more than 1,000 events behind (`EVENTS_QUEUE_MAX`) is dropped, and resumes with `Last-Event-ID`.',
        '- **Access as it changes**: removal from a team stops that team’s events from the removal on; a revoked or expired key, or a deactivated agent, ends the stream.',
        '- **Browsers**: `EventSource` sends no header, so this route alone also takes the key as `?access_token=` (query strings are never logged); give a page a short-lived read-only key.',
      ].join('\n'),
      tags: ['events'],
      parameters: [
        {
          name: 'types',
          in: 'query',
          required: false,
          description: 'Comma-separated event types: `notification` and the catalogue’s',
          schema: { type: 'string', examples: ['notification,issue.updated'] },
        },
        {
          name: 'Last-Event-ID',
          in: 'header',
          required: false,
          description: 'The `id` of the last event received: resume after it',
          schema: { type: 'string', pattern: '^[0-9]+$' },
        },
        {
          name: 'access_token',
          in: 'query',
          required: false,
          description: 'The API key, for clients that cannot send a header (EventSource)',
          schema: { type: 'string' },
        },
      ],
      responses: {
        '200': {
          description:
            'The stream: frames `id: <seq>` / `event: <type>` / `data: <JSON>`, `event: reset`, and `: heartbeat` comments',
          content: {
            'text/event-stream': {
              schema: {
                type: 'string',
                examples: [
                  'id: 1042\nevent: issue.updated\ndata: {"type":"issue.updated","timestamp":"2026-12-07T10:00:00.000Z","data":{"id":"…","projectId":"…","teamId":"…","identifier":"ENG-12","status":"done","version":4,"changed":["status"],"actor":{"type":"agent","id":"…"}}}\n\n',
                ],
              },
            },
          },
        },
        '401': json('Missing or invalid API key', schema('ApiError'), {
          'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' },
        }),
        '403': json(
          'The key lacks the read scope of a type asked for (`details.requiredScope`)',
          schema('ApiError'),
        ),
        '413': tooLarge,
        '422': json(
          'An unknown type in `types` (`details.value`, `details.allowed`)',
          schema('ApiError'),
        ),
        '429': json(
          'The key holds its most open streams (`details.maxStreams`), or rate limited',
          schema('ApiError'),
          retryAfter,
        ),
        '500': json('Server-side failure', schema('ApiError')),
        '503': json('The live stream is starting or NATS is away', schema('ApiError'), retryAfter),
      },
    },
  },
  '/api/avatars/{kind}/{file}': {
    get: {
      operationId: 'getAvatar',
      summary: 'An avatar: the initials on a colour drawn from the id (SVG)',
      description:
        'Where every `avatar` field points (`/api/avatars/user/<id>.svg?initials=AL`, relative to the API’s origin). Drawn from the URL alone — the id gives the colour, `initials` the letters — so it needs no key (an `<img>` sends none) and shows nothing the URL does not. A new name is a new URL: cached a year (`immutable`), with an `ETag` (`If-None-Match` gets 304). Static SVG: no script, no external reference, a CSP of its own.',
      parameters: [
        {
          name: 'kind',
          in: 'path',
          required: true,
          schema: { type: 'string', enum: ['user', 'agent'] },
        },
        {
          name: 'file',
          in: 'path',
          required: true,
          description: 'The user’s or agent’s id, then `.svg`',
          schema: { type: 'string', pattern: '^[0-9a-fA-F-]{36}\\.svg$' },
        },
        {
          name: 'initials',
          in: 'query',
          required: false,
          description: 'One or two letters or digits (any script); absent: `?`',
          schema: { type: 'string', pattern: '^[\\p{L}\\p{N}]{1,2}$' },
        },
        {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          schema: { type: 'string' },
        },
      ],
      responses: {
        '200': {
          description: 'The picture',
          headers: {
            ETag: { schema: { type: 'string' } },
            'Cache-Control': { schema: { type: 'string' } },
          },
          content: { 'image/svg+xml': { schema: { type: 'string' } } },
        },
        '304': { description: 'Unchanged since the `ETag` sent' },
        '404': json('An unknown kind, or a file that is not `<uuid>.svg`', schema('ApiError')),
        '413': tooLarge,
        '422': json('`initials` is not one or two letters or digits', schema('ApiError')),
        '429': json('Rate limited (per client address)', schema('ApiError'), retryAfter),
      },
    },
  },
  '/mcp': {
    post: {
      operationId: 'callMcp',
      summary: 'The in-app MCP endpoint (Streamable HTTP), same bearer key as REST',
      description:
        'The in-app tools, the resources `momentum://inbox`, `momentum://tasks/{id}` and `momentum://projects/{id}`, and the prompts `triage_inbox`, `plan_my_day` and `write_up_issue`. Each call acts as the key’s user or agent. An `initialize` request opens a session (`Mcp-Session-Id` in the reply): send it back with every request, and `GET /mcp` with it opens the session’s stream, which carries `notifications/resources/updated` for what `resources/subscribe` named. Sessions live in the gateway process that opened them: a load balancer must send every request carrying an `Mcp-Session-Id` to the replica that answered its `initialize` (docs/API.md); another replica answers 404 (`-32001`), and the client opens a new session. A request without `Mcp-Session-Id` is answered stateless, in JSON; GET and DELETE without one are 405.',
      tags: ['mcp'],
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
  {
    name: 'events',
    description: 'The caller’s inbox and domain events, live, as Server-Sent Events',
  },
  { name: 'platform', description: 'Health, readiness and this document' },
  { name: 'mcp', description: 'The Model Context Protocol endpoint' },
  {
    name: 'oauth',
    description:
      'OAuth 2.1 for the API and both MCP endpoints: discovery, registration, consent, tokens (docs/SECURITY.md)',
  },
];
