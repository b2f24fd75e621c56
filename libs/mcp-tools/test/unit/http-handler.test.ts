import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleMcpHttpRequest, type ApiClient } from '../../src/index.js';

/**
 * The stateless HTTP handler reuses built servers; each request's tool calls must still go
 * through that request's own client — here a client per request that answers `get_me` with
 * its own name after a random delay, so concurrent requests interleave.
 */
describe('MCP over HTTP with reused servers', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const caller = String(req.headers['x-caller']);
      const client: ApiClient = {
        request: async () => {
          await new Promise((r) => setTimeout(r, Math.random() * 20));
          return {
            status: 200,
            body: { data: { type: 'user', id: caller, name: caller, teamIds: [] } },
          };
        },
      };
      await handleMcpHttpRequest(req, res, JSON.parse(Buffer.concat(chunks).toString()), {
        client,
        tools: 'in-app',
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const getMeAs = async (caller: string) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-caller': caller,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_me', arguments: {} },
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { result: { structuredContent: { me: { id: string } } } };
    return body.result.structuredContent.me.id;
  };

  it('answers each of many concurrent calls as its own caller', async () => {
    for (let round = 0; round < 3; round++) {
      const callers = Array.from({ length: 40 }, (_, i) => `caller-${round}-${i}`);
      expect(await Promise.all(callers.map(getMeAs))).toEqual(callers);
    }
  });
});
