import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { ApiClient } from './api-client.js';
import type { LiveMessage } from './live-source.js';

export const INBOX_URI = 'momentum://inbox';
export const taskUri = (id: string) => `momentum://tasks/${id}`;
export const projectUri = (id: string) => `momentum://projects/${id}`;

/** A REST read as one JSON resource; an error status is a protocol error naming it. */
async function readJson(client: ApiClient, uri: string, path: string): Promise<ReadResourceResult> {
  const res = await client.request('GET', path);
  if (res.status !== 200) {
    const error = (res.body as { error?: { code?: string; message?: string } } | undefined)?.error;
    const what = `${res.status} ${error?.code ?? ''} ${error?.message ?? ''}`.trim();
    // -32002 is the code the MCP spec gives "resource not found".
    const code = res.status === 404 ? -32002 : ErrorCode.InvalidRequest;
    throw new McpError(code, `${uri}: ${what}`, { status: res.status, error });
  }
  const body = res.body as { data?: unknown };
  return {
    contents: [
      {
        uri,
        mimeType: 'application/json',
        text: JSON.stringify(uri === INBOX_URI ? body : body.data, null, 2),
      },
    ],
  };
}

const idOf = (value: string | string[] | undefined): string =>
  encodeURIComponent(Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));

/**
 * The resources both MCP surfaces offer: a task or an issue, a project (with its issue
 * counts), and the caller's unread inbox. Each read is the REST read, under the caller's key.
 */
export function registerResources(server: McpServer, client: ApiClient): void {
  server.registerResource(
    'task',
    new ResourceTemplate('momentum://tasks/{id}', { list: undefined }),
    {
      title: 'A task or an issue',
      description: 'A personal task or a project issue, as GET /api/tasks/{id} returns it',
      mimeType: 'application/json',
    },
    (uri, { id }) => readJson(client, uri.href, `/api/tasks/${idOf(id)}`),
  );
  server.registerResource(
    'project',
    new ResourceTemplate('momentum://projects/{id}', { list: undefined }),
    {
      title: 'A project',
      description: 'A project with its issue counts, as GET /api/projects/{id} returns it',
      mimeType: 'application/json',
    },
    (uri, { id }) => readJson(client, uri.href, `/api/projects/${idOf(id)}`),
  );
  server.registerResource(
    'inbox',
    INBOX_URI,
    {
      title: 'My inbox',
      description:
        'The caller’s unread notifications, newest first: GET /api/notifications?unread=true ({data, nextCursor})',
      mimeType: 'application/json',
    },
    (uri) => readJson(client, uri.href, '/api/notifications?unread=true'),
  );
}

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** The resources a live event changes: the inbox, a task or issue, a project. */
export function urisOf(message: LiveMessage): string[] {
  if (message.type === 'notification') return [INBOX_URI];
  const data = ((message.payload as { data?: unknown } | null)?.data ?? {}) as Record<
    string,
    unknown
  >;
  const [family] = message.type.split('.');
  const uris: Array<string | null> = [];
  if (family === 'task') uris.push(str(data.id) && taskUri(str(data.id)!));
  if (family === 'issue') {
    uris.push(str(data.id) && taskUri(str(data.id)!));
    // An issue's status moves its project's counts.
    uris.push(str(data.projectId) && projectUri(str(data.projectId)!));
  }
  if (family === 'comment' || family === 'blocker')
    uris.push(str(data.issueId) && taskUri(str(data.issueId)!));
  if (family === 'project') uris.push(str(data.id) && projectUri(str(data.id)!));
  return uris.filter((u): u is string => !!u);
}
