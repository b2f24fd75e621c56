import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '@momentum/http';
import { combinedId, mergeDocuments } from '../../src/docs/merge.js';
import { gatewayDocument } from '../../src/docs/document.js';
import { inlineScriptHashes } from '../../src/docs/reference.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const param = (name: string, schema: object, required = false) => ({
  name,
  in: 'query',
  required,
  schema,
});

/** Two services that both answer GET and POST /api/tasks, as habits and issues do. */
const habits: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/api/tasks': {
      get: {
        operationId: 'listTasks',
        summary: 'List tasks',
        parameters: [param('type', { type: 'string' }), param('sort', { enum: ['title'] })],
        responses: {
          '200': { description: 'Tasks', ...json(ref('TaskPage')) },
          '401': { description: 'No key', ...json(ref('ApiError')) },
        },
      },
      post: {
        operationId: 'createTask',
        summary: 'Create a task',
        requestBody: { required: true, ...json(ref('CreateTaskInput')) },
        responses: { '201': { description: 'Created', ...json(ref('Task')) } },
      },
    },
    '/api/profile': {
      get: {
        operationId: 'getProfile',
        summary: 'Profile',
        responses: { '200': { description: 'Profile', ...json(ref('Profile')) } },
      },
    },
  },
  components: {
    schemas: {
      ApiError: { type: 'object' },
      Task: { type: 'object' },
      TaskPage: { type: 'object' },
      CreateTaskInput: { type: 'object' },
      Profile: { type: 'object' },
      Unused: { type: 'string' },
    },
  },
};
const issues: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/api/tasks': {
      get: {
        operationId: 'listIssues',
        summary: 'List issues',
        parameters: [param('projectId', { type: 'string' }), param('sort', { enum: ['priority'] })],
        responses: {
          '200': { description: 'Issues', ...json(ref('IssuePage')) },
          '401': { description: 'No key', ...json(ref('ApiError')) },
        },
      },
      post: {
        operationId: 'createIssue',
        summary: 'Create an issue',
        requestBody: { required: true, ...json(ref('CreateIssueInput')) },
        responses: { '201': { description: 'Created', ...json(ref('Issue')) } },
      },
    },
  },
  components: {
    schemas: {
      ApiError: { type: 'object' },
      Issue: { type: 'object' },
      IssuePage: { type: 'object' },
      CreateIssueInput: { type: 'object' },
    },
  },
};
const agents: OpenApiDocument = {
  openapi: '3.1.0',
  paths: {
    '/api/agents': {
      post: {
        operationId: 'createAgent',
        summary: 'Create an agent',
        responses: { '201': { description: 'Created', ...json(ref('Agent')) } },
      },
    },
  },
  components: { schemas: { Agent: { type: 'object' } } },
};
const services = [
  { service: 'habits', doc: habits },
  { service: 'issues', doc: issues },
  { service: 'agents', doc: agents },
];

describe('merging the services’ documents', () => {
  it('names a shared operation after both', () => {
    expect(combinedId('listTasks', 'listIssues')).toBe('listTasksOrIssues');
    expect(combinedId('createTask', 'createIssue')).toBe('createTaskOrIssue');
    expect(combinedId('archiveTask', 'deleteIssue')).toBe('archiveTaskOrDeleteIssue');
  });

  it('documents both variants of a shared path: parameters of either, either body, either reply', () => {
    const { paths } = mergeDocuments(services);
    const list = paths['/api/tasks']!.get!;
    expect(list.operationId).toBe('listTasksOrIssues');
    expect(list.parameters).toEqual([
      param('type', { type: 'string' }),
      param('sort', { anyOf: [{ enum: ['title'] }, { enum: ['priority'] }] }),
      param('projectId', { type: 'string' }),
    ]);
    expect((list.responses as any)['200'].content['application/json'].schema).toEqual({
      anyOf: [ref('TaskPage'), ref('IssuePage')],
    });
    expect((list.responses as any)['401']).toEqual({
      description: 'No key',
      ...json(ref('ApiError')),
    });
    const create = paths['/api/tasks']!.post!;
    expect((create.requestBody as any).content['application/json'].schema).toEqual({
      anyOf: [ref('CreateTaskInput'), ref('CreateIssueInput')],
    });
    expect(create['x-service']).toEqual(['habits', 'issues']);
  });

  it('merges the components and reports a name two services define differently', () => {
    const other = structuredClone(issues);
    other.components!.schemas!.ApiError = { type: 'string' };
    expect(
      mergeDocuments([
        { service: 'habits', doc: habits },
        { service: 'issues', doc: other },
      ]).conflicts,
    ).toEqual(['ApiError']);
    expect(mergeDocuments(services).conflicts).toEqual([]);
  });

  it('carries a service’s OpenAPI 3.1 `webhooks` section (the POSTs subscribers receive) into the document', () => {
    const delivered = {
      post: { operationId: 'taskCompletedEvent', summary: 'task.completed', responses: {} },
    };
    const webhooks = {
      paths: {},
      webhooks: { 'task.completed': delivered },
    } as unknown as OpenApiDocument;
    const withWebhooks = [...services, { service: 'webhooks', doc: webhooks }];
    expect(mergeDocuments(withWebhooks).webhooks).toEqual({ 'task.completed': delivered });
    expect(gatewayDocument(withWebhooks).webhooks).toEqual({ 'task.completed': delivered });
    expect(gatewayDocument(services)).not.toHaveProperty('webhooks');
  });
});

describe('the gateway’s document', () => {
  const doc = gatewayDocument(services, { serverUrl: 'http://gateway.test' });

  it('leaves the services’ documents as they were (the gateway builds from them again)', () => {
    const before = structuredClone(services);
    gatewayDocument(services);
    expect(services).toEqual(before);
  });

  it('asks for the bearer key, except on /health and /openapi.json', () => {
    expect(doc.components!.securitySchemes).toMatchObject({
      bearer: { type: 'http', scheme: 'bearer' },
    });
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/health']!.get!.security).toEqual([]);
    expect(doc.paths['/openapi.json']!.get!.security).toEqual([]);
    expect(doc.servers).toEqual([{ url: 'http://gateway.test', description: 'This gateway' }]);
  });

  it('adds rate limiting to every /api operation, in the path’s error shape', () => {
    const limited = (path: string, method: string) =>
      (doc.paths[path]![method]!.responses as any)['429'];
    expect(limited('/api/profile', 'get').content['application/json'].schema).toEqual(
      ref('ApiError'),
    );
    expect(limited('/api/agents', 'post').content['application/json'].schema).toEqual(
      ref('AgentError'),
    );
    expect(Object.keys(limited('/api/profile', 'get').headers)).toEqual([
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Retry-After',
    ]);
  });

  it('adds Idempotency-Key to POSTs, with what a replay and a reused key answer', () => {
    const post = doc.paths['/api/tasks']!.post!;
    expect(post.parameters).toEqual([{ $ref: '#/components/parameters/Idempotency-Key' }]);
    const responses = post.responses as Record<string, any>;
    expect(responses['201'].headers['Idempotent-Replayed']).toEqual({
      $ref: '#/components/headers/Idempotent-Replayed',
    });
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['400', '409', '422', '429']));
    expect(responses['409'].headers['Retry-After']).toBeDefined();
    expect(doc.paths['/api/profile']!.get!.parameters).toBeUndefined();
  });

  it('keeps only the schemas something refers to', () => {
    expect(doc.components!.schemas).not.toHaveProperty('Unused');
    expect(doc.components!.schemas).toHaveProperty('CreateIssueInput');
  });
});

describe('the reference page’s policy', () => {
  it('hashes each inline script, and no script loaded from a URL', () => {
    const page = '<script src="js/scalar.js"></script><script type="text/javascript">go()</script>';
    expect(inlineScriptHashes(page)).toEqual(['5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw=']);
  });
});
