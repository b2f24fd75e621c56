import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { shutdownTracing, startTracing, tracer } from '../../src/tracing.js';

describe('OTLP export', () => {
  it('sends spans as http/protobuf to OTEL_EXPORTER_OTLP_ENDPOINT/v1/traces, as the named service', async () => {
    const received: Array<{ url: string; type: string; body: Buffer }> = [];
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({
          url: req.url ?? '',
          type: String(req.headers['content-type']),
          body: Buffer.concat(chunks),
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const state = startTracing('sample', {
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
      });
      expect(state).toEqual({
        serviceName: 'momentum-sample',
        exporting: 'http/protobuf',
        mode: 'sdk',
      });
      tracer().startSpan('exported span').end();
      await shutdownTracing(); // flushes the batch
      expect(received).toHaveLength(1);
      expect(received[0]!.url).toBe('/v1/traces');
      expect(received[0]!.type).toBe('application/x-protobuf');
      // Protobuf strings are stored as they are: the span and service names are in the body.
      expect(received[0]!.body.includes('exported span')).toBe(true);
      expect(received[0]!.body.includes('momentum-sample')).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
