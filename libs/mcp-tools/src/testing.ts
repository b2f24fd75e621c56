import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ToolError } from './results.js';

/**
 * Test helpers shared by the unit tests and the e2e tests of both MCP surfaces: an
 * official SDK client over any transport, with calls that say plainly what went wrong.
 */
export interface McpTestClient {
  client: Client;
  /** The raw tool result. */
  call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
  /** The structuredContent of a successful call; throws with the error text otherwise. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read results freely; their assertions check them
  ok<T = any>(name: string, args?: Record<string, unknown>): Promise<T>;
  /** The `error` of an isError result; throws when the call succeeded. */
  fail(name: string, args?: Record<string, unknown>): Promise<ToolError>;
  close(): Promise<void>;
}

/** The text of a result's first content block. */
export function textOf(result: CallToolResult): string {
  const block = result.content[0];
  if (block?.type !== 'text')
    throw new Error(`expected a text block, got ${JSON.stringify(result.content)}`);
  return block.text;
}

/** The JSON `error` in an error result's text block. */
export const errorOf = (result: CallToolResult) =>
  (JSON.parse(textOf(result)) as { error: ToolError }).error;

export async function connectClient(
  transport: Transport,
  name = 'momentum-test',
): Promise<McpTestClient> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(transport);
  const call = async (tool: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
  return {
    client,
    call,
    async ok(tool, args) {
      const result = await call(tool, args);
      if (result.isError) throw new Error(`${tool} failed: ${textOf(result)}`);
      return result.structuredContent as never;
    },
    async fail(tool, args) {
      const result = await call(tool, args);
      if (!result.isError)
        throw new Error(`${tool} was expected to fail but answered ${textOf(result)}`);
      return errorOf(result);
    },
    close: () => client.close(),
  };
}

/** A Streamable HTTP transport to `url` sending `Authorization: Bearer <key>` (none when key is null). */
export function httpTransport(url: string, key: string | null): StreamableHTTPClientTransport {
  const headers: Record<string, string> = key === null ? {} : { authorization: `Bearer ${key}` };
  return new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
}

/** The JSON-RPC `initialize` request a client opens with. */
export const INITIALIZE_REQUEST = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  },
};

/** A bare `initialize` POST, as any Streamable HTTP client opens with: for checking status codes by hand. */
export const postInitialize = (url: string, authorization?: string, body?: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(authorization ? { authorization } : {}),
    },
    body: body ?? JSON.stringify(INITIALIZE_REQUEST),
  });
