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
  'list_members',
  'find_person',
  'list_teams',
  'list_webhooks',
  'list_notifications',
];

/**
 * Overwrite, hide or remove something; the same call again changes nothing more (marking read
 * overwrites the unread state, which nothing restores).
 */
const DESTRUCTIVE = ['update_task', 'archive_task', 'remove_blocker', 'mark_notifications_read'];

type JsonSchema = {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  description?: string;
  type?: unknown;
  additionalProperties?: unknown;
};

/** Paths of properties (nested objects, array items and anyOf members included) without a description. */
function undescribed(schema: JsonSchema, prefix = ''): string[] {
  const missing: string[] = [];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${key}`;
    if (!prop.description?.trim()) missing.push(path);
    missing.push(...undescribed(prop, `${path}.`));
    if (prop.items) missing.push(...undescribed(prop.items, `${path}[].`));
    for (const member of prop.anyOf ?? []) missing.push(...undescribed(member, `${path}|`));
  }
  return missing;
}

/**
 * Every place of a schema that strict validators flag: a type array (`["string","null"]`)
 * or an empty `additionalProperties: {}` (an open object spelled as "any schema").
 */
function strictlyFlagged(schema: unknown, path = '$'): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as Record<string, unknown>;
  const flagged: string[] = [];
  if (Array.isArray(node.type)) flagged.push(`${path}.type`);
  const extra = node.additionalProperties;
  if (extra !== null && typeof extra === 'object' && Object.keys(extra).length === 0)
    flagged.push(`${path}.additionalProperties`);
  for (const [key, value] of Object.entries(node))
    if (value !== null && typeof value === 'object')
      flagged.push(...strictlyFlagged(value, `${path}.${key}`));
  return flagged;
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

  it('offers exactly the fifteen in-app tools and the seventeen standalone ones', () => {
    expect(inApp.map((t) => t.name).sort()).toEqual([...IN_APP_TOOLS].sort());
    expect(standalone.map((t) => t.name).sort()).toEqual([...STANDALONE_TOOLS].sort());
    expect(toolsFor('in-app')).toHaveLength(19);
    expect(toolsFor('standalone')).toHaveLength(21);
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

  it('describes every output field too', () => {
    for (const tool of standalone)
      expect(undescribed(tool.outputSchema as JsonSchema), tool.name).toEqual([]);
  });

  it('emits no schema a strict validator flags: no type arrays, no additionalProperties: {}', () => {
    for (const tool of standalone) {
      expect(strictlyFlagged(tool.inputSchema), `${tool.name} input`).toEqual([]);
      expect(strictlyFlagged(tool.outputSchema), `${tool.name} output`).toEqual([]);
    }
    // A field null clears is an anyOf of the value and null, never ["string", "null"].
    const notes = standalone.find((t) => t.name === 'update_task')!.inputSchema.properties!
      .notes as JsonSchema;
    expect(notes.anyOf).toEqual([{ type: 'string', description: 'Notes' }, { type: 'null' }]);
  });

  it('says its tool list never changes (no listChanged)', async () => {
    const { client: api } = fakeClient(() => ({ status: 200, body: { data: {} } }));
    for (const surface of ['in-app', 'standalone'] as const) {
      const mcp = await connect(api, surface);
      expect(mcp.client.getServerCapabilities()?.tools, surface).toEqual({ listChanged: false });
      await mcp.close();
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
      complete_task: ['xpEarned', 'newLevel', 'leveledUp', 'streak', 'task'],
      archive_task: ['task'],
      search_tasks: ['issues', 'meta'],
      add_comment: ['comment'],
      add_blocker: ['blocker'],
      remove_blocker: ['blockers'],
      get_me: ['me'],
      list_teams: ['teams'],
      list_webhooks: ['webhooks', 'meta'],
      create_webhook: ['webhook'],
      list_notifications: ['notifications', 'meta'],
      mark_notifications_read: ['updated'],
      list_members: ['members', 'meta'],
      find_person: ['people'],
    });
  });

  it('annotates reads, additive writes and destructive ones; nothing is open-world', () => {
    for (const tool of standalone) {
      const a = tool.annotations!;
      // All four on the wire, as clients read them from tools/list.
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'])
        expect(typeof (a as Record<string, unknown>)[hint], `${tool.name}.${hint}`).toBe('boolean');
      expect(a.openWorldHint, tool.name).toBe(false);
      expect(a.readOnlyHint, tool.name).toBe(READ_ONLY.includes(tool.name));
      expect(a.destructiveHint, tool.name).toBe(DESTRUCTIVE.includes(tool.name));
      expect(a.idempotentHint, tool.name).toBe(
        READ_ONLY.includes(tool.name) || DESTRUCTIVE.includes(tool.name),
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
      complete_task: ['id'],
      archive_task: ['id'],
      search_tasks: ['q'],
      add_comment: ['body', 'issueId'],
      add_blocker: ['blockedById', 'issueId'],
      remove_blocker: ['blockerId', 'issueId'],
      get_me: [],
      list_teams: [],
      list_webhooks: [],
      create_webhook: ['events', 'url'],
      list_notifications: [],
      mark_notifications_read: [],
      list_members: ['teamId'],
      find_person: ['query'],
    });
  });
});
