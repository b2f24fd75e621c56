import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { buildMcpServer, type ApiClient, type ApiResponse, type Surface } from '../../src/index.js';
import { connectClient } from '../../src/testing.js';

export { errorOf } from '../../src/testing.js';

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

/** An SDK client connected in memory to buildMcpServer over `api`: no transport, no I/O. */
export async function connect(api: ApiClient, tools: Surface = 'standalone') {
  const server = buildMcpServer({ client: api, tools });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  return connectClient(clientSide, 'unit');
}
