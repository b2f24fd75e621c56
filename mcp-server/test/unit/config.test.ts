import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger, levelFrom } from '../../src/log.js';

describe('mcp-server configuration', () => {
  it('defaults to the local gateway and port 3100', () => {
    expect(loadConfig({})).toEqual({
      SVC_BASE_URL: 'http://127.0.0.1:3000',
      MCP_PORT: 3100,
      HOST: '127.0.0.1',
      METRICS_PORT: 0,
      TRUST_PROXY: [],
      MCP_ALLOWED_ORIGINS: [],
      CORS_ORIGINS: [],
    });
  });

  it('reads the key, the gateway address and the port from the environment', () => {
    const env = {
      SVC_API_KEY: 'svc_a_b',
      SVC_BASE_URL: 'https://momentum.example/base',
      MCP_PORT: '4100',
      HOST: '0.0.0.0',
      METRICS_PORT: '9464',
    };
    expect(loadConfig(env)).toEqual({
      SVC_API_KEY: 'svc_a_b',
      SVC_BASE_URL: 'https://momentum.example/base',
      MCP_PORT: 4100,
      HOST: '0.0.0.0',
      METRICS_PORT: 9464,
      TRUST_PROXY: [],
      MCP_ALLOWED_ORIGINS: [],
      CORS_ORIGINS: [],
    });
  });

  it('names every bad setting', () => {
    expect(() => loadConfig({ SVC_BASE_URL: 'not a url', MCP_PORT: '70000' })).toThrow(
      /SVC_BASE_URL: .*; MCP_PORT: /,
    );
  });
});

describe('mcp-server logs', () => {
  it('writes JSON lines with pino levels and drops those below the minimum', () => {
    const lines: string[] = [];
    const log = createLogger('info', (line) => lines.push(line));
    log.debug('hidden');
    log.warn({ ms: 900 }, 'gateway slow');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({
      level: 40,
      time: expect.any(Number),
      name: 'mcp-server',
      msg: 'gateway slow',
      ms: 900,
    });
  });

  it('takes LOG_LEVEL when pino knows it, else info', () => {
    expect([
      levelFrom('trace'),
      levelFrom('fatal'),
      levelFrom('warn'),
      levelFrom('loud'),
      levelFrom(undefined),
    ]).toEqual(['trace', 'fatal', 'warn', 'info', 'info']);
  });
});
