import { isS256Challenge } from './pkce.js';
import { redirectUriMatches } from './redirect-uris.js';
import type { OAuthClient } from './client-metadata.js';

/** The query of `GET /oauth/authorize` (kept in the sign-in form's hidden fields). */
export interface AuthorizeParams {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  resource?: string;
}

export const AUTHORIZE_FIELDS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
  'resource',
] as const;

/** A request that may not be redirected: it is answered with an error page (OAuth 2.1 §4.1.2.1). */
export interface PageError {
  page: string;
}
/** A request whose redirect URI is good but that is refused: the error goes back to the client. */
export interface RedirectError {
  redirect: { error: string; description: string };
}

/**
 * Checks an authorization request in the order OAuth 2.1 asks: the client and its redirect
 * URI first (a failure there is never redirected: it would make Momentum an open redirector),
 * then everything else (refused back to the client, with its `state`).
 */
export function checkAuthorizeRequest(
  params: AuthorizeParams,
  client: OAuthClient,
  resources: readonly string[],
): PageError | RedirectError | { resource: string; challenge: string; redirectUri: string } {
  const redirectUri = params.redirect_uri;
  if (!redirectUri) return { page: 'The request names no redirect_uri.' };
  if (!redirectUriMatches(client.redirectUris, redirectUri))
    return { page: 'The redirect_uri is not one the client registered.' };
  const refuse = (error: string, description: string) => ({ redirect: { error, description } });
  if (params.response_type !== 'code')
    return refuse('unsupported_response_type', 'response_type must be code');
  if (params.code_challenge_method !== 'S256')
    return refuse('invalid_request', 'PKCE is required: code_challenge_method must be S256');
  if (!params.code_challenge || !isS256Challenge(params.code_challenge))
    return refuse('invalid_request', 'code_challenge must be an S256 challenge');
  const resource = params.resource ?? resources[0]!;
  if (!resources.includes(resource))
    return refuse('invalid_target', 'resource is not one this server issues tokens for');
  return { resource, challenge: params.code_challenge, redirectUri };
}

/** The redirect back to the client: `code` or `error`, with `state` and `iss` (RFC 9207). */
export function redirectBack(
  redirectUri: string,
  params: Record<string, string | null | undefined>,
): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params))
    if (value !== null && value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
