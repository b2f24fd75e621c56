import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAddressOf } from '../../src/client-address.js';
import { httpApiClient } from '../../src/http-client.js';

/**
 * The standalone server passes its client's address on to the gateway (X-Forwarded-For), so
 * the gateway's failure throttle counts that client, not the MCP server's one address.
 */
const request = (remoteAddress: string, forwarded?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwarded ? { 'x-forwarded-for': forwarded } : {},
  }) as unknown as IncomingMessage;

describe('the client address the MCP server passes on', () => {
  it('is the connection’s, whatever X-Forwarded-For the client sends', () => {
    expect(clientAddressOf(request('203.0.113.7'), [])).toBe('203.0.113.7');
    expect(clientAddressOf(request('203.0.113.7', '10.9.9.9'), [])).toBe('203.0.113.7');
    expect(clientAddressOf(request('::ffff:203.0.113.7'), [])).toBe('203.0.113.7');
  });

  it('is the last forwarded address when the connection is a trusted proxy', () => {
    const proxy = ['10.0.0.2'];
    expect(clientAddressOf(request('10.0.0.2', '1.1.1.1, 198.51.100.4'), proxy)).toBe(
      '198.51.100.4',
    );
    expect(clientAddressOf(request('10.0.0.3', '198.51.100.4'), proxy)).toBe('10.0.0.3');
  });

  describe('sent to the gateway', () => {
    const seen: IncomingHttpHeaders[] = [];
    const gateway = http.createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');
    });
    let url = '';
    beforeAll(async () => {
      await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise((resolve) => gateway.close(resolve)));

    it('as X-Forwarded-For on every call, and none on stdio (no client address)', async () => {
      const auth = 'Bearer svc_a_b';
      await httpApiClient({
        baseUrl: url,
        authorization: auth,
        clientAddress: '198.51.100.4',
      }).request('GET', '/api/me');
      await httpApiClient({ baseUrl: url, authorization: auth }).request('GET', '/api/me');
      expect(seen.map((h) => h['x-forwarded-for'])).toEqual(['198.51.100.4', undefined]);
    });
  });
});
