import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { buildMcpServer, type ApiClient, type ApiResponse, type Surface } from '../../src/index.js';

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

/** A fake ApiClient: answers with `respond` and records every request. */
export function fakeClient(respond: (call: RecordedCall) => ApiResponse | Promise<ApiResponse>) {
  const calls: RecordedCall[] = [];
  const client: ApiClient = {
    request: async (method, path, body) => {
      const call = { method, path, body };
      calls.push(call);
      return respond(call);
    },
  };
  return { client, calls };
}

/** An SDK client connected in memory to buildMcpServer over `api`. */
export async function connect(api: ApiClient, tools: Surface = 'standalone') {
  const server = buildMcpServer({ client: api, tools });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'unit', version: '1.0.0' });
  await client.connect(clientSide);
  const call = async (name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  return { client, call, close: () => client.close() };
}

/** The JSON in an error result's text block. */
export function errorOf(result: CallToolResult) {
  const block = result.content[0];
  if (block?.type !== 'text') throw new Error('expected a text block');
  return (JSON.parse(block.text) as { error: Record<string, unknown> }).error;
}
