import type { FastifyInstance, FastifyRequest } from 'fastify';
import { request, type Dispatcher } from 'undici';
import { DOCUMENT_PATH, type OpenApiDocument } from '@momentum/http';
import { parseReplicaUrls } from '@momentum/replicas';
import type { Upstream } from '../config.js';
import { gatewayDocument } from './document.js';
import type { ServiceDocument } from './merge.js';
import { registerReference } from './reference.js';

/** A complete document is kept this long; one missing a service only briefly. */
const FRESH_MS = 30_000;
const PARTIAL_MS = 2_000;

/**
 * Each service's own document (`DOCUMENT_PATH`), in the order of `urls`; a service that is
 * down is left out. A service's URL may list its replicas; with `dispatchers` (the gateway's
 * replica sets) any replica that is up answers, else the first one is asked.
 */
export async function fetchServiceDocuments(
  urls: Record<Upstream, string>,
  dispatchers?: Partial<Record<Upstream, Dispatcher>>,
): Promise<{ documents: ServiceDocument[]; missing: string[] }> {
  const results = await Promise.all(
    Object.entries(urls).map(async ([service, list]) => {
      try {
        const base = parseReplicaUrls(list)[0];
        const dispatcher = dispatchers?.[service as Upstream];
        const res = await request(`${base}${DOCUMENT_PATH}`, {
          ...(dispatcher ? { dispatcher } : {}),
          headersTimeout: 2000,
          bodyTimeout: 2000,
        });
        if (res.statusCode !== 200) {
          await res.body.dump();
          return { service, doc: null };
        }
        return { service, doc: (await res.body.json()) as OpenApiDocument };
      } catch {
        return { service, doc: null };
      }
    }),
  );
  return {
    documents: results.filter((r): r is ServiceDocument => r.doc !== null),
    missing: results.filter((r) => r.doc === null).map((r) => r.service),
  };
}

/** The origin the caller reached this gateway at, for `servers` (a proxy's Host included). */
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * `GET /openapi.json`: one OpenAPI 3.1 document merged from every service's own (generated
 * from its routes' schemas), and `GET /docs`: an interactive reference of it.
 */
export function registerDocs(
  app: FastifyInstance,
  urls: Record<Upstream, string>,
  dispatchers?: Partial<Record<Upstream, Dispatcher>>,
): void {
  let cached: { until: number; services: ServiceDocument[] } | null = null;
  const services = async () => {
    if (!cached || Date.now() > cached.until) {
      const { documents, missing } = await fetchServiceDocuments(urls, dispatchers);
      if (missing.length) app.log.warn({ missing }, 'OpenAPI: services left out of the document');
      cached = {
        until: Date.now() + (missing.length ? PARTIAL_MS : FRESH_MS),
        services: documents,
      };
    }
    return cached.services;
  };
  const document = async (serverUrl?: string) => {
    const doc = gatewayDocument(await services(), { serverUrl });
    if (doc['x-conflicts'])
      app.log.warn({ conflicts: doc['x-conflicts'] }, 'OpenAPI: schemas differ between services');
    return doc;
  };
  app.get('/openapi.json', async (req) => document(originOf(req)));
  registerReference(app, '/openapi.json', () => document());
}
