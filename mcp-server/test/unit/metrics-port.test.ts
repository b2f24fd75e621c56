// The MCP server's /metrics on METRICS_PORT, apart from the MCP endpoint (real HTTP on the
// loopback). Its own process: startHttp registers the process's metrics once.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttp } from '../../src/http.js';
import { createLogger } from '../../src/log.js';

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let mcp: Server;
let mcpBase = '';
let metricsBase = '';

beforeAll(async () => {
  const metricsPort = await freePort();
  mcp = await startHttp(
    {
      SVC_BASE_URL: 'http://127.0.0.1:9',
      MCP_PORT: 0,
      HOST: '127.0.0.1',
      METRICS_PORT: metricsPort,
      TRUST_PROXY: [],
      MCP_ALLOWED_ORIGINS: [],
      CORS_ORIGINS: [],
    },
    createLogger('error', () => undefined),
  );
  mcpBase = `http://127.0.0.1:${(mcp.address() as AddressInfo).port}`;
  metricsBase = `http://127.0.0.1:${metricsPort}`;
});
afterAll(async () => {
  await new Promise((resolve) => {
    mcp.close(resolve);
    mcp.closeAllConnections();
  });
});

describe('MCP server with METRICS_PORT', () => {
  it('serves /metrics on METRICS_PORT, with the requests the MCP port answered', async () => {
    expect((await fetch(`${mcpBase}/health`)).status).toBe(200);
    const res = await fetch(`${metricsBase}/metrics`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toMatch(/^http_request_duration_seconds_count\{.*path="\/health".*\} [1-9]/m);
    expect(page).toContain('service="mcp-server"');
  });

  it('answers 404 to /metrics on the MCP port, and to anything else on METRICS_PORT', async () => {
    expect((await fetch(`${mcpBase}/metrics`)).status).toBe(404);
    expect((await fetch(`${metricsBase}/mcp`)).status).toBe(404);
    expect((await fetch(`${metricsBase}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('stops serving metrics when the MCP endpoint closes', async () => {
    const port = await freePort();
    const other = await startHttp(
      {
        SVC_BASE_URL: 'http://127.0.0.1:9',
        MCP_PORT: 0,
        HOST: '127.0.0.1',
        METRICS_PORT: port,
        TRUST_PROXY: [],
        MCP_ALLOWED_ORIGINS: [],
        CORS_ORIGINS: [],
      },
      createLogger('error', () => undefined),
    );
    expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
    await new Promise((resolve) => {
      other.close(resolve);
      other.closeAllConnections();
    });
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });
});
