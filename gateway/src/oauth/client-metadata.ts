import { redirectUriProblem } from './redirect-uris.js';

/** A client as the consent page and the token endpoint know it. */
export interface OAuthClient {
  id: string;
  name: string;
  uri: string | null;
  redirectUris: string[];
  /** `metadata-document`: its name comes from its own HTTPS URL; `registered`: self-declared. */
  kind: 'metadata-document' | 'registered';
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

const fail = (error: string) => ({ ok: false as const, error });

/** Whether a client id is a Client ID Metadata Document URL: HTTPS with a path. */
export function isMetadataDocumentId(clientId: string): boolean {
  try {
    const url = new URL(clientId);
    return url.protocol === 'https:' && url.pathname !== '/' && !url.hash && !url.username;
  } catch {
    return false;
  }
}

const str = (v: unknown, max: number): string | null =>
  typeof v === 'string' && v.length > 0 && v.length <= max ? v : null;

/**
 * The client metadata both ways of registering share (RFC 7591 §2): redirect URIs that may
 * be registered, a public client (`token_endpoint_auth_method` `none`: there is no client
 * secret to keep), the code flow only. Returns name, URI and redirect URIs.
 */
export function checkClientMetadata(
  doc: unknown,
): Checked<{ name: string; uri: string | null; redirectUris: string[] }> {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    return fail('the client metadata is not a JSON object');
  const m = doc as Record<string, unknown>;
  const redirectUris = m.redirect_uris;
  if (!Array.isArray(redirectUris) || redirectUris.length === 0 || redirectUris.length > 10)
    return fail('redirect_uris must list 1 to 10 URIs');
  for (const uri of redirectUris) {
    if (typeof uri !== 'string' || uri.length > 2048) return fail('a redirect URI is not a string');
    const problem = redirectUriProblem(uri);
    if (problem) return fail(`redirect URI ${uri} ${problem}`);
  }
  const method = m.token_endpoint_auth_method ?? 'none';
  if (method !== 'none')
    return fail('only public clients are supported: token_endpoint_auth_method must be none');
  const grants = m.grant_types ?? ['authorization_code'];
  if (
    !Array.isArray(grants) ||
    grants.some((g) => g !== 'authorization_code' && g !== 'refresh_token')
  )
    return fail('grant_types may hold authorization_code and refresh_token only');
  const responses = m.response_types ?? ['code'];
  if (!Array.isArray(responses) || responses.some((r) => r !== 'code'))
    return fail('response_types may hold code only');
  const name = m.client_name === undefined ? 'Unnamed client' : str(m.client_name, 200);
  if (name === null) return fail('client_name must be a string of at most 200 characters');
  let uri: string | null = null;
  if (m.client_uri !== undefined) {
    uri = str(m.client_uri, 2048);
    if (!uri || !/^https?:\/\//.test(uri)) return fail('client_uri must be an http(s) URL');
  }
  return { ok: true, value: { name, uri, redirectUris: redirectUris as string[] } };
}

/**
 * A Client ID Metadata Document (draft-ietf-oauth-client-id-metadata-document): its
 * `client_id` must be the URL it was fetched from.
 */
export function checkMetadataDocument(url: string, doc: unknown): Checked<OAuthClient> {
  const checked = checkClientMetadata(doc);
  if (!checked.ok) return checked;
  if ((doc as { client_id?: unknown }).client_id !== url)
    return fail('the document’s client_id is not the URL it was fetched from');
  return { ok: true, value: { id: url, ...checked.value, kind: 'metadata-document' } };
}
