import type { FastifyRequest } from 'fastify';
import { SCOPES } from '@momentum/contracts';

/** The issuer: OAUTH_ISSUER, else the origin the request came to (one host, local stacks). */
export function issuerOf(configured: string | undefined, request: FastifyRequest): string {
  if (configured) return configured.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/**
 * The resources this gateway is: the API (the issuer's origin) and its MCP endpoint. A token
 * for either is accepted on both, since `/mcp`'s tools are calls to the API of the same
 * gateway; a token for any other resource (a standalone MCP server) is refused here.
 */
export const gatewayResources = (issuer: string) => [issuer, `${issuer}/mcp`];

/** Where a resource's protected-resource metadata is (RFC 9728 §3.1). */
export const resourceMetadataUrl = (issuer: string, path: '' | '/mcp') =>
  `${issuer}/.well-known/oauth-protected-resource${path}`;

/** The 401 challenge that sends an MCP client to discovery (RFC 9728 §5.1). */
export const discoveryChallenge = (metadataUrl: string, error?: string) =>
  `Bearer realm="momentum", resource_metadata="${metadataUrl}"` +
  (error ? `, error="invalid_token", error_description="${error.replace(/["\\]/g, '')}"` : '');

/** Authorization-server metadata (RFC 8414), as the MCP authorization spec reads it. */
export function authorizationServerMetadata(issuer: string) {
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    registration_endpoint: `${issuer}/oauth/register`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    scopes_supported: SCOPES,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: [
      'authorization_code',
      'refresh_token',
      'urn:ietf:params:oauth:grant-type:token-exchange',
    ],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_basic'],
    revocation_endpoint_auth_methods_supported: ['none'],
    code_challenge_methods_supported: ['S256'],
    authorization_response_iss_parameter_supported: true,
    client_id_metadata_document_supported: true,
    service_documentation: `${issuer}/docs`,
  };
}

/** Protected-resource metadata (RFC 9728) of one of the gateway's resources. */
export function protectedResourceMetadata(issuer: string, resource: string) {
  return {
    resource,
    authorization_servers: [issuer],
    scopes_supported: SCOPES,
    bearer_methods_supported: ['header'],
    resource_name: 'Momentum',
    resource_documentation: `${issuer}/docs`,
  };
}
