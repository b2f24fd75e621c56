// The MCP server's readiness: the gateway answers its /health (real HTTP servers on the loopback).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { gatewayAnswers } from '../../src/readiness.js';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve).closeAllConnections())),
  );
});

/** A stand-in gateway answering every request with `handler`; resolves with its base URL. */
async function gateway(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('MCP server readiness: the gateway answers', () => {
  it('is ready when GET <SVC_BASE_URL>/health answers 200, a base path and trailing slash kept', async () => {
    const paths: string[] = [];
    const base = await gateway((req, res) => {
      paths.push(`${req.method} ${req.url}`);
      res.writeHead(req.url === '/base/health' ? 200 : 404).end('{"status":"ok"}');
    });
    expect(await gatewayAnswers(`${base}/base/`)).toBe(true);
    expect(paths).toEqual(['GET /base/health']);
  });

  it('is not ready when the gateway answers an error', async () => {
    const base = await gateway((_req, res) => res.writeHead(503).end());
    expect(await gatewayAnswers(base)).toBe(false);
  });

  it('is not ready when nothing listens there', async () => {
    const base = await gateway((_req, res) => res.end());
    await new Promise((resolve) => servers.pop()?.close(resolve));
    expect(await gatewayAnswers(base)).toBe(false);
  });

  it('is not ready when the gateway does not answer in time', async () => {
    const base = await gateway(() => undefined); // never answers
    const started = Date.now();
    expect(await gatewayAnswers(base, 200)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
