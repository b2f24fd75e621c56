import { appendFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Conformance, type Exchange } from './conformance.js';

const loaded = new Map<string, Promise<Conformance>>();

/**
 * The gateway's `/openapi.json`, checked against the OpenAPI 3.1 schema once, ready to check
 * exchanges against (one per gateway, per test file).
 */
export function conformanceOf(gatewayUrl: string): Promise<Conformance> {
  let found = loaded.get(gatewayUrl);
  if (!found) {
    found = (async () => {
      const res = await fetch(`${gatewayUrl}/openapi.json`);
      if (res.status !== 200) throw new Error(`GET /openapi.json answered ${res.status}`);
      const document = (await res.json()) as Record<string, any>;
      const verdict = await new Validator().validate(document);
      if (!verdict.valid)
        throw new Error(`/openapi.json is not valid OpenAPI: ${JSON.stringify(verdict.errors)}`);
      return new Conformance(document);
    })();
    loaded.set(gatewayUrl, found);
  }
  return found;
}

/**
 * Throws, naming every difference, when an exchange is not what /openapi.json documents. With
 * OPENAPI_TRAFFIC_LOG set, every exchange is also appended there (one JSON line each), for a
 * look at what a run sent and got.
 */
export async function assertConforms(gatewayUrl: string, exchange: Exchange): Promise<void> {
  const problems = (await conformanceOf(gatewayUrl)).check(exchange);
  const log = process.env.OPENAPI_TRAFFIC_LOG;
  if (log) {
    const { method, url, status } = exchange;
    appendFileSync(
      log,
      `${JSON.stringify({ method, url: url.split('?')[0], status, problems })}\n`,
    );
  }
  if (problems.length)
    throw new Error(`Not as /openapi.json documents it:\n  ${problems.join('\n  ')}`);
}
