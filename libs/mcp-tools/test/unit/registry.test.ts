import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { TOOLS, toolsFor } from '../../src/index.js';
import { connect, fakeClient } from './harness.js';
import { IN_APP_TOOLS, STANDALONE_TOOLS } from '../support/tool-names.js';

const READ_ONLY = [
  'list_projects',
  'get_project',
  'list_tasks',
  'get_task',
  'search_tasks',
  'get_me',
  'list_teams',
];

type JsonSchema = {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  description?: string;
};

/** Paths of properties (nested objects and array items included) that carry no description. */
function undescribed(schema: JsonSchema, prefix = ''): string[] {
  const missing: string[] = [];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${key}`;
    if (!prop.description?.trim()) missing.push(path);
    missing.push(...undescribed(prop, `${path}.`));
    if (prop.items) missing.push(...undescribed(prop.items, `${path}[].`));
  }
  return missing;
}

describe('the tool registry', () => {
  const { client: api } = fakeClient(() => ({ status: 200, body: { data: {} } }));
  let inApp: Tool[];
  let standalone: Tool[];
  const closers: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    const a = await connect(api, 'in-app');
    const s = await connect(api, 'standalone');
    closers.push(a.close, s.close);
    inApp = (await a.client.listTools()).tools;
    standalone = (await s.client.listTools()).tools;
  });
  afterAll(async () => {
    for (const close of closers) await close();
  });

  it('offers exactly the nine in-app tools and the eleven standalone ones', () => {
    expect(inApp.map((t) => t.name).sort()).toEqual([...IN_APP_TOOLS].sort());
    expect(standalone.map((t) => t.name).sort()).toEqual([...STANDALONE_TOOLS].sort());
    expect(toolsFor('in-app')).toHaveLength(9);
    expect(toolsFor('standalone')).toHaveLength(11);
    expect(new Set(TOOLS.map((t) => t.name)).size).toBe(TOOLS.length);
  });

  it('the in-app tools are the very same definitions as their standalone twins', () => {
    for (const tool of inApp) {
      const twin = standalone.find((t) => t.name === tool.name);
      expect(twin, tool.name).toEqual(tool);
    }
  });

  it('describes every tool and every input field for a model', () => {
    for (const tool of standalone) {
      expect(tool.title, tool.name).toMatch(/\w+/);
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(undescribed(tool.inputSchema as JsonSchema), tool.name).toEqual([]);
    }
  });

  it('declares an object output schema for structuredContent on every tool', () => {
    const topKeys = Object.fromEntries(
      standalone.map((t) => [t.name, Object.keys(t.outputSchema?.properties ?? {})]),
    );
    expect(topKeys).toEqual({
      list_projects: ['projects', 'meta'],
      get_project: ['project'],
      create_project: ['project'],
      list_tasks: ['tasks', 'meta'],
      get_task: ['task'],
      create_task: ['task'],
      update_task: ['task'],
      search_tasks: ['issues', 'meta'],
      add_comment: ['comment'],
      get_me: ['me'],
      list_teams: ['teams'],
    });
  });

  it('annotates reads, writes and the one destructive update; nothing is open-world', () => {
    for (const tool of standalone) {
      const a = tool.annotations!;
      expect(a.openWorldHint, tool.name).toBe(false);
      expect(a.readOnlyHint, tool.name).toBe(READ_ONLY.includes(tool.name));
      expect(a.destructiveHint, tool.name).toBe(tool.name === 'update_task');
      expect(a.idempotentHint, tool.name).toBe(
        READ_ONLY.includes(tool.name) || tool.name === 'update_task',
      );
    }
  });

  it('requires the fields the REST API cannot do without', () => {
    const required = Object.fromEntries(
      standalone.map((t) => [t.name, (t.inputSchema.required ?? []).sort()]),
    );
    expect(required).toEqual({
      list_projects: [],
      get_project: ['id'],
      create_project: ['name', 'teamId'],
      list_tasks: [],
      get_task: ['id'],
      create_task: ['title'],
      update_task: ['id'],
      search_tasks: ['q'],
      add_comment: ['body', 'issueId'],
      get_me: [],
      list_teams: [],
    });
  });
});
