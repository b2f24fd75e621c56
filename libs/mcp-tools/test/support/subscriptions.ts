import { afterAll, beforeAll, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { httpTransport } from '@momentum/mcp-tools/testing';
import { api, eventually } from '../../../../test/support/e2e.js';
import { notificationPublisher } from '../../../../test/support/sse.js';
import { newWorkspace, type Workspace } from './e2e-fixtures.js';

/**
 * The stateful side of an MCP surface at `url()`, through the official SDK client: a session,
 * resources and their templates, `resources/subscribe` and the `notifications/resources/updated`
 * that follows a change, and the prompts.
 */
export function itOffersResourcesAndSubscriptions(url: () => string): void {
  let ws: Workspace;
  let client: Client;
  const updates: string[] = [];
  let publisher: Awaited<ReturnType<typeof notificationPublisher>>;

  beforeAll(async () => {
    ws = await newWorkspace();
    publisher = await notificationPublisher();
    client = new Client({ name: 'subscriber', version: '1.0.0' });
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updates.push(n.params.uri);
    });
    await client.connect(httpTransport(url(), ws.user.apiKey));
  });
  afterAll(async () => {
    await client?.close();
    await publisher?.close();
  });

  /** Changes with `change` until an update for `uri` arrives (the GET stream opens on its own time). */
  async function changeUntilUpdated(uri: string, change: () => Promise<void>): Promise<void> {
    await eventually(
      async () => {
        await change();
        return eventually(async () => updates.includes(uri), 1500).catch(() => false);
      },
      20_000,
      0,
    );
  }

  it('opens a session and says it offers subscriptions', () => {
    expect(client.getServerCapabilities()?.resources).toEqual({
      subscribe: true,
      listChanged: false,
    });
    expect(client.getServerCapabilities()?.prompts).toEqual({ listChanged: false });
  });

  it('lists the inbox and the task and project templates, and reads a resource', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toContain('momentum://inbox');
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual([
      'momentum://projects/{id}',
      'momentum://tasks/{id}',
    ]);
    const read = await client.readResource({ uri: `momentum://projects/${ws.project.id}` });
    expect(read.contents[0]).toMatchObject({
      uri: `momentum://projects/${ws.project.id}`,
      mimeType: 'application/json',
    });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({
      id: ws.project.id,
      teamId: ws.team.id,
    });
    await expect(
      client.readResource({ uri: 'momentum://tasks/00000000-0000-4000-8000-000000000000' }),
    ).rejects.toThrow(/404/);
  });

  it('notifies resources/updated for a subscribed issue after it changes, not for another', async () => {
    const made = await api(ws.user.apiKey, 'POST', '/api/tasks', {
      projectId: ws.project.id,
      title: 'Watched',
    });
    const other = await api(ws.user.apiKey, 'POST', '/api/tasks', {
      projectId: ws.project.id,
      title: 'Not watched',
    });
    const uri = `momentum://tasks/${made.body.data.id}`;
    await client.subscribeResource({ uri });
    let n = 0;
    await changeUntilUpdated(uri, async () => {
      await api(ws.user.apiKey, 'PATCH', `/api/tasks/${other.body.data.id}`, { title: `o${n}` });
      const res = await api(ws.user.apiKey, 'PATCH', `/api/tasks/${made.body.data.id}`, {
        title: `Watched ${++n}`,
      });
      expect(res.status).toBe(200);
    });
    expect(updates).not.toContain(`momentum://tasks/${other.body.data.id}`);
    await client.unsubscribeResource({ uri });
  });

  it('notifies resources/updated for momentum://inbox when a notification arrives', async () => {
    await client.subscribeResource({ uri: 'momentum://inbox' });
    await changeUntilUpdated('momentum://inbox', async () => {
      await publisher.publish({ type: 'user', id: ws.user.id });
    });
  });

  it('refuses to subscribe to a URI it does not serve', async () => {
    await expect(client.subscribeResource({ uri: 'https://example.com/x' })).rejects.toThrow(
      /Cannot subscribe/,
    );
  });

  it('offers the prompts a person reaches for, filled with their data', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual([
      'plan_my_day',
      'triage_inbox',
      'write_up_issue',
    ]);
    const daily = await api(ws.user.apiKey, 'POST', '/api/tasks', {
      type: 'daily',
      title: 'Stretch for ten minutes',
      difficulty: 'easy',
      schedule: { days: [0, 1, 2, 3, 4, 5, 6] },
    });
    expect(daily.status, daily.text).toBe(201);
    const plan = await client.getPrompt({ name: 'plan_my_day', arguments: { hours: '6' } });
    const text = plan.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join();
    expect(text).toContain('Stretch for ten minutes');
    expect(text).toContain('in 6 hours');
    const issue = await client.getPrompt({
      name: 'write_up_issue',
      arguments: { projectId: ws.project.id, notes: 'the export button does nothing on Safari' },
    });
    const written = issue.messages[0]!.content;
    expect(written.type === 'text' && written.text).toContain('the export button does nothing');
    expect(written.type === 'text' && written.text).toContain(ws.project.id);
  });

  it('answers 404 to a session id it does not hold, so the client opens a new one', async () => {
    const res = await fetch(url(), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ws.user.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': 'not-a-session',
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: -32001 } });
  });
}
