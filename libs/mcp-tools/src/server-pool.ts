import { AsyncLocalStorage } from 'node:async_hooks';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ApiClient } from './api-client.js';
import { buildMcpServer, type BuildMcpServerOptions } from './server.js';

const IDLE_MAX = 64;

/**
 * Built servers waiting for a request, per surface and version. Building one — every tool
 * and its schemas — costs more than the rest of a tool call, so a stateless endpoint reuses
 * them. A server serves one request at a time. Its tools reach the API through the client
 * of the request being served, found in that request's async context (`serve`), so a call
 * can never run under another request's key, even one that finishes late.
 */
export class McpServerPool {
  private readonly idle = new Map<string, McpServer[]>();
  private readonly caller = new AsyncLocalStorage<ApiClient>();
  private readonly client: ApiClient = {
    request: (...args) => {
      const client = this.caller.getStore();
      if (!client) return Promise.reject(new Error('MCP tool called outside a request'));
      return client.request(...args);
    },
  };

  acquire(options: Omit<BuildMcpServerOptions, 'client'>): McpServer {
    return (
      this.idle.get(keyOf(options))?.pop() ?? buildMcpServer({ ...options, client: this.client })
    );
  }

  /** Runs `work` (the transport handling a request) as `client`'s request. */
  serve<T>(client: ApiClient, work: () => Promise<T>): Promise<T> {
    return this.caller.run(client, work);
  }

  /** Back to the pool, once its request is answered and its transport closed. */
  release(options: Omit<BuildMcpServerOptions, 'client'>, server: McpServer): void {
    const idle = this.idle.get(keyOf(options)) ?? [];
    if (idle.length < IDLE_MAX) idle.push(server);
    this.idle.set(keyOf(options), idle);
  }
}

const keyOf = (o: Omit<BuildMcpServerOptions, 'client'>) => `${o.tools}:${o.version ?? ''}`;
