import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { SCOPES } from '@momentum/contracts';
import { operations, type OpenApiDocument } from '@momentum/http';
import { buildDocument } from '../../../scripts/openapi/document.js';
import { GENERATED_FILE, renderTypes } from '../../../scripts/openapi/client.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

// redocly runs as a process and the client is rendered and formatted: on a busy machine,
// more than a unit test's default 5 s.
vi.setConfig({ testTimeout: 60_000 });

/**
 * The gateway's document as scripts/openapi builds it from the services' route definitions
 * (the end-to-end layer checks the stack serves the same): valid OpenAPI 3.1, lint-clean,
 * complete, and what the committed client was generated from.
 */
let doc: OpenApiDocument;
beforeAll(async () => {
  doc = await buildDocument();
}, 60_000);

/** An operation served without a key (`security: []`, from its route-table row). */
const isPublic = (op: { security?: unknown }) =>
  Array.isArray(op.security) && op.security.length === 0;

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const verdict = await new Validator().validate(structuredClone(doc));
    expect(verdict.errors).toBeUndefined();
    expect(verdict.valid).toBe(true);
  });

  it('passes `redocly lint` (redocly.yaml) without an error or a warning', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, JSON.stringify(doc));
      const report = path.join(dir, 'report.json');
      const redocly = path.join(ROOT, 'node_modules', '.bin', 'redocly');
      const args = ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format=json'];
      // Exits non-zero on errors; the report says which.
      const { stdout } = await promisify(execFile)(redocly, args, { cwd: ROOT }).catch(
        (err: { stdout: string }) => err,
      );
      await writeFile(report, stdout);
      const result = JSON.parse(stdout) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      const problems = result.problems.map(
        (p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`,
      );
      expect(problems).toEqual([]);
      expect(result.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names every operation, documents its reply and a 4xx, in the error shape of its path', () => {
    const ids = new Set<string>();
    for (const [p, method, op] of operations(doc)) {
      const where = `${method.toUpperCase()} ${p}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z]+$/);
      expect(ids.has(op.operationId as string), where).toBe(false);
      ids.add(op.operationId as string);
      const responses = op.responses as Record<string, Record<string, any>>;
      const success = Object.keys(responses).filter((s) => s.startsWith('2'));
      expect(success.length, where).toBeGreaterThan(0);
      for (const s of success)
        if (s !== '204' && s !== '202')
          expect(responses[s]!.content, `${where} ${s}`).toBeDefined();
      expect(
        Object.keys(responses).some((s) => s.startsWith('4')),
        where,
      ).toBe(true);
      // A public /api path (the avatars) asks for no key, so it has no 401 to document.
      if (!p.startsWith('/api/') || isPublic(op)) continue;
      const errorBody = p.startsWith('/api/agents') ? 'AgentError' : /ApiError|ValidationFailure/;
      for (const [status, response] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        expect(response.content['application/json'].schema.$ref, `${where} ${status}`).toMatch(
          errorBody,
        );
      }
      for (const s of ['401', '429', '500', '503'])
        expect(responses[s], `${where} ${s}`).toBeDefined();
    }
    expect(ids.size).toBeGreaterThanOrEqual(38);
  });

  it('asks for no key on /health and /openapi.json, and for the bearer key everywhere else, naming its scope', () => {
    expect(doc.components?.securitySchemes?.bearer).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/health']!.get!.security).toEqual([]);
    expect(doc.paths['/openapi.json']!.get!.security).toEqual([]);
    expect(doc.paths['/api/avatars/{kind}/{file}']!.get!.security).toEqual([]);
    for (const [p, method, op] of operations(doc)) {
      if (!p.startsWith('/api/') || isPublic(op)) continue;
      const where = `${method.toUpperCase()} ${p}`;
      const required = op['x-required-scope'] as string | string[] | null;
      expect(required, where).toBeDefined();
      // Any valid key (the document's own `security`), or the scope (one of the scopes).
      if (required === null) expect(op.security, where).toBeUndefined();
      else expect(op.security, where).toEqual([required].flat().map((s) => ({ bearer: [s] })));
      for (const scope of [required ?? []].flat()) expect(SCOPES, where).toContain(scope);
    }
    const scopeOf = (p: string, method: string) =>
      (doc.paths[p] as Record<string, Record<string, unknown>>)[method]!['x-required-scope'];
    expect(scopeOf('/api/me', 'get')).toBeNull();
    expect(scopeOf('/api/projects', 'post')).toBe('projects:write');
    expect(scopeOf('/api/tasks', 'get')).toEqual(['tasks:read', 'issues:read']);
    expect(scopeOf('/api/tasks/{issueId}/comments', 'post')).toBe('issues:write');
    expect(scopeOf('/api/agents/{id}/api-key', 'post')).toBe('agents:write');
    expect(scopeOf('/api/users/me/api-keys', 'get')).toBe('keys:read');
  });

  it('documents the key grant bodies and the scope catalogue', () => {
    const grant = { $ref: '#/components/schemas/ApiKeyGrantInput' };
    for (const p of [
      '/api/users/me/api-keys',
      '/api/agents/{id}/api-key',
      '/api/agents/{id}/regen-key',
    ]) {
      const body = (doc.paths[p]!.post as Record<string, any>).requestBody;
      expect(body.required, p).toBe(false);
      expect(body.content['application/json'].schema, p).toEqual(grant);
    }
    const bearer = doc.components?.securitySchemes?.bearer as { description?: string };
    const description = String(bearer.description);
    for (const scope of SCOPES) expect(description).toContain(`\`${scope}\``);
  });

  it('documents page and limit as integers, and the headers clients act on', () => {
    const list = doc.paths['/api/agents']!.get!;
    const param = (name: string) =>
      (list.parameters as Record<string, any>[]).find((p) => p.name === name)?.schema;
    expect(param('page')).toEqual({ type: 'integer', minimum: 1, maximum: 1_000_000, default: 1 });
    expect(param('limit')).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    const responses = list.responses as Record<string, Record<string, any>>;
    expect(responses['200']!.content['application/json'].schema.properties.meta).toEqual({
      $ref: '#/components/schemas/PageMeta',
    });
    expect(Object.keys(responses['429']!.headers)).toEqual(
      expect.arrayContaining(['Retry-After', 'X-RateLimit-Limit', 'X-RateLimit-Remaining']),
    );
    const create = doc.paths['/api/agents']!.post!;
    expect(create.parameters).toContainEqual({ $ref: '#/components/parameters/Idempotency-Key' });
    expect(Object.keys((create.responses as any)['201'].headers)).toContain('Idempotent-Replayed');
  });

  it('wraps /api/me in data, and /api/agents in data and meta', () => {
    const body = (p: string) =>
      (doc.paths[p]!.get!.responses as any)['200'].content['application/json'].schema;
    expect(body('/api/me')).toMatchObject({
      properties: { data: { $ref: '#/components/schemas/Me' } },
      required: ['data'],
    });
    expect(body('/api/agents').required).toEqual(['data', 'meta']);
  });

  it('names the resources', () => {
    expect(Object.keys(doc.components!.schemas!)).toEqual(
      expect.arrayContaining([
        'Task',
        'Issue',
        'Project',
        'Comment',
        'ActivityEntry',
        'Blocker',
        'Agent',
        'User',
        'Team',
        'PageMeta',
        'ApiError',
        'AgentError',
      ]),
    );
  });
});

describe('the generated client', () => {
  it('is current: `npm run client:generate` writes what is committed', async () => {
    const committed = await readFile(GENERATED_FILE, 'utf8');
    // A mismatch means a route or schema changed: run `npm run client:generate`.
    expect(await renderTypes(doc)).toBe(committed);
  });
});
