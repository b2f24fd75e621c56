import { Agent, request } from 'undici';
import { LRUCache } from 'lru-cache';
import { safeLookup, systemResolve, type Resolve } from '@momentum/http';
import type { GrantStore } from './grant-store.js';
import {
  checkMetadataDocument,
  isMetadataDocumentId,
  type Checked,
  type OAuthClient,
} from './client-metadata.js';

const MAX_DOCUMENT_BYTES = 16 * 1024;
const FETCH_TIMEOUT_MS = 5000;
const CACHE_MS = 5 * 60_000;

/**
 * Finds a client by its id: an HTTPS Client ID Metadata Document, fetched through the same
 * guard as webhook deliveries (every address the name resolves to must be public, checked as
 * the socket connects; no redirects; small; quick) and kept a few minutes; or a client
 * registered dynamically, kept by identity.
 */
export class ClientDirectory {
  private readonly agent: Agent;
  private readonly documents = new LRUCache<string, Checked<OAuthClient>>({
    max: 1000,
    ttl: CACHE_MS,
  });

  constructor(
    private readonly store: GrantStore,
    options: { allowPrivate: boolean; resolve?: Resolve },
  ) {
    this.agent = new Agent({
      connect: { lookup: safeLookup(options.resolve ?? systemResolve, options.allowPrivate) },
      headersTimeout: FETCH_TIMEOUT_MS,
      bodyTimeout: FETCH_TIMEOUT_MS,
    });
  }

  async find(clientId: string): Promise<Checked<OAuthClient>> {
    if (isMetadataDocumentId(clientId)) {
      const cached = this.documents.get(clientId);
      if (cached) return cached;
      const fetched = await this.fetchDocument(clientId);
      // A failure is tried again sooner: the client may be fixing its document.
      this.documents.set(clientId, fetched, fetched.ok ? {} : { ttl: 30_000 });
      return fetched;
    }
    if (!/^[0-9a-f-]{36}$/.test(clientId)) return { ok: false, error: 'unknown client_id' };
    const client = await this.store.client(clientId);
    if (!client) return { ok: false, error: 'unknown client_id' };
    return { ok: true, value: { ...client, kind: 'registered' } };
  }

  private async fetchDocument(url: string): Promise<Checked<OAuthClient>> {
    try {
      const res = await request(url, {
        dispatcher: this.agent,
        headers: { accept: 'application/json' },
        maxRedirections: 0,
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      } as Parameters<typeof request>[1]);
      if (res.statusCode !== 200) {
        await res.body.dump();
        return { ok: false, error: `the client metadata document answered ${res.statusCode}` };
      }
      let size = 0;
      const chunks: Buffer[] = [];
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_DOCUMENT_BYTES) {
          res.body.destroy();
          return { ok: false, error: 'the client metadata document is too large' };
        }
        chunks.push(chunk as Buffer);
      }
      return checkMetadataDocument(url, JSON.parse(Buffer.concat(chunks).toString('utf8')));
    } catch {
      return { ok: false, error: 'the client metadata document could not be fetched' };
    }
  }

  close() {
    return this.agent.close();
  }
}
