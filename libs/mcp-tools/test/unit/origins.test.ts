import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originPolicy, ownOrigins, refuseForeignOrigin } from '../../src/index.js';

describe('originPolicy: which browser origins an MCP endpoint admits', () => {
  it('admits exact origins, any port of a host with :*, and everything with *', () => {
    const allowed = originPolicy(['https://app.example.com', 'http://localhost:*']);
    for (const origin of [
      'https://app.example.com',
      'HTTPS://APP.EXAMPLE.COM',
      'http://localhost',
      'http://localhost:5173',
    ])
      expect(allowed(origin), origin).toBe(true);
    for (const origin of [
      'https://app.example.com:8443',
      'http://app.example.com',
      'https://evil.example',
      'http://localhost.evil.example:3000',
      'https://localhost:5173',
      'null',
      '',
    ])
      expect(allowed(origin), origin).toBe(false);
    expect(originPolicy(['*'])('https://anything.example')).toBe(true);
    expect(originPolicy([])('http://127.0.0.1:3000')).toBe(false);
  });

  it('refuses a pattern that is not an origin, naming it', () => {
    expect(() => originPolicy(['https://app.example.com/path'])).toThrow(/app\.example\.com\/path/);
    expect(() => originPolicy(['*.example.com'])).toThrow(/not an origin/);
  });

  it('names a server’s own origins: loopback, and its address unless it listens on all', () => {
    expect(ownOrigins('127.0.0.1', 3000)).toEqual([
      'http://127.0.0.1:3000',
      'http://localhost:3000',
      'http://[::1]:3000',
    ]);
    expect(ownOrigins('10.0.0.5', 3100)).toContain('http://10.0.0.5:3100');
    expect(ownOrigins('0.0.0.0', 3100)).toHaveLength(3);
    expect(ownOrigins('fd00::1', 3100)).toContain('http://[fd00::1]:3100');
  });
});

describe('refuseForeignOrigin over real HTTP', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const allowed = originPolicy(['http://good.example']);
    server = createServer((req, res) => {
      if (refuseForeignOrigin(req, res, allowed)) return;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers 403 with a JSON-RPC error to a foreign Origin, and lets the others through', async () => {
    const foreign = await fetch(url, {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32000, message: 'Forbidden: Origin http://evil.example is not allowed' },
      id: null,
    });
    expect(
      (await fetch(url, { method: 'POST', headers: { origin: 'http://good.example' } })).status,
    ).toBe(200);
    expect((await fetch(url, { method: 'POST' })).status).toBe(200);
  });
});
