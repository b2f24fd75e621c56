// The authorization server's own operations (gateway/src/oauth): public, answered in OAuth's
// shapes (RFC 6749 §5.2 errors), never in the API's error shape, as OAuth clients expect.

type Json = Record<string, unknown>;

const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (description: string, body: Json, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: body } },
});
const html = (description: string, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'text/html': { schema: { type: 'string' } } },
});
const apiError = (description: string) => json(description, schema('ApiError'));
const retryAfter = { 'Retry-After': { $ref: '#/components/headers/Retry-After' } };
const location = {
  Location: {
    description: 'The client’s redirect URI with `code` (or `error`), `state` and `iss`',
    schema: { type: 'string' },
  },
};
const formBody = (properties: Json, required: string[]) => ({
  required: true,
  content: {
    'application/x-www-form-urlencoded': {
      schema: { type: 'object', properties, required },
    },
  },
});
const str = (description: string) => ({ type: 'string', description });
const common = {
  '413': apiError('`Content-Length` over the limit, refused before reading'),
  '429': json('Rate limited (per client address)', schema('ApiError'), retryAfter),
};

export const OAUTH_SCHEMAS: Json = {
  OAuthError: {
    type: 'object',
    description: 'An OAuth error (RFC 6749 §5.2, RFC 7591 §3.2.2)',
    properties: { error: { type: 'string' }, error_description: { type: 'string' } },
    required: ['error'],
  },
  OAuthTokens: {
    type: 'object',
    description:
      'Opaque tokens: `mat_…` access tokens for the resource asked for, `mrt_…` refresh tokens (rotated on each use). An exchange (RFC 8693) returns an access token alone, with `issued_token_type`.',
    properties: {
      access_token: { type: 'string' },
      token_type: { const: 'Bearer' },
      expires_in: { type: 'integer' },
      refresh_token: { type: 'string' },
      scope: { type: 'string' },
      issued_token_type: { type: 'string' },
    },
    required: ['access_token', 'token_type', 'expires_in'],
  },
  AuthorizationServerMetadata: {
    type: 'object',
    description: 'RFC 8414 metadata',
    properties: {
      issuer: { type: 'string' },
      authorization_endpoint: { type: 'string' },
      token_endpoint: { type: 'string' },
      registration_endpoint: { type: 'string' },
      revocation_endpoint: { type: 'string' },
      scopes_supported: { type: 'array', items: { type: 'string' } },
      code_challenge_methods_supported: { type: 'array', items: { const: 'S256' } },
      authorization_response_iss_parameter_supported: { const: true },
      client_id_metadata_document_supported: { const: true },
    },
    required: ['issuer', 'authorization_endpoint', 'token_endpoint'],
  },
  ProtectedResourceMetadata: {
    type: 'object',
    description: 'RFC 9728 metadata',
    properties: {
      resource: { type: 'string' },
      authorization_servers: { type: 'array', items: { type: 'string' } },
      scopes_supported: { type: 'array', items: { type: 'string' } },
      bearer_methods_supported: { type: 'array', items: { type: 'string' } },
    },
    required: ['resource', 'authorization_servers'],
  },
  ClientRegistration: {
    type: 'object',
    description:
      'RFC 7591 client metadata: public clients only (`token_endpoint_auth_method` `none`)',
    properties: {
      client_name: { type: 'string', maxLength: 200 },
      client_uri: { type: 'string' },
      redirect_uris: {
        type: 'array',
        minItems: 1,
        maxItems: 10,
        items: { type: 'string' },
        description:
          'HTTPS, loopback HTTP (any port matches, RFC 8252), or a reverse-domain scheme',
      },
      grant_types: { type: 'array', items: { enum: ['authorization_code', 'refresh_token'] } },
      response_types: { type: 'array', items: { const: 'code' } },
      token_endpoint_auth_method: { const: 'none' },
    },
    required: ['redirect_uris'],
  },
  RegisteredClient: {
    type: 'object',
    properties: {
      client_id: { type: 'string' },
      client_id_issued_at: { type: 'integer' },
      client_name: { type: 'string' },
      client_uri: { type: 'string' },
      redirect_uris: { type: 'array', items: { type: 'string' } },
      grant_types: { type: 'array', items: { type: 'string' } },
      response_types: { type: 'array', items: { type: 'string' } },
      token_endpoint_auth_method: { const: 'none' },
    },
    required: ['client_id', 'redirect_uris', 'token_endpoint_auth_method'],
  },
};

const query = (name: string, description: string, required = false) => ({
  name,
  in: 'query',
  required,
  description,
  schema: { type: 'string' },
});

export const OAUTH_PATHS: Record<string, Record<string, Json>> = {
  '/.well-known/oauth-authorization-server': {
    get: {
      operationId: 'getAuthorizationServerMetadata',
      summary: 'Authorization-server metadata (RFC 8414)',
      description:
        'Issuer, endpoints, the scope catalogue, PKCE `S256` only, `authorization_code` and `refresh_token`, the `iss` response parameter (RFC 9207) and Client ID Metadata Documents. No key needed.',
      responses: {
        '200': json('The metadata', schema('AuthorizationServerMetadata')),
        ...common,
      },
    },
  },
  '/.well-known/oauth-protected-resource': {
    get: {
      operationId: 'getApiResourceMetadata',
      summary: 'Protected-resource metadata of the API (RFC 9728)',
      responses: { '200': json('The metadata', schema('ProtectedResourceMetadata')), ...common },
    },
  },
  '/.well-known/oauth-protected-resource/mcp': {
    get: {
      operationId: 'getMcpResourceMetadata',
      summary: 'Protected-resource metadata of `/mcp` (RFC 9728)',
      description:
        'Named by every 401 of the gateway (`WWW-Authenticate: Bearer resource_metadata="…"`): where an MCP client starts its authorization.',
      responses: { '200': json('The metadata', schema('ProtectedResourceMetadata')), ...common },
    },
  },
  '/oauth/register': {
    post: {
      operationId: 'registerOAuthClient',
      summary: 'Register a client dynamically (RFC 7591)',
      description:
        'For clients without a Client ID Metadata Document (an HTTPS `client_id` Momentum fetches itself). Public clients only: no secret is issued. The consent page says such a client’s name is its own claim.',
      requestBody: {
        required: true,
        content: { 'application/json': { schema: schema('ClientRegistration') } },
      },
      responses: {
        '201': json('Registered', schema('RegisteredClient')),
        '400': json('`invalid_redirect_uri` or `invalid_client_metadata`', schema('OAuthError')),
        '415': apiError('The body is not JSON'),
        ...common,
      },
    },
  },
  '/oauth/authorize': {
    get: {
      operationId: 'authorize',
      summary: 'The consent page: sign in with a key, then allow or deny',
      description:
        'OAuth 2.1 authorization request with PKCE (`S256`) and `resource` (RFC 8707). An unknown client or a redirect URI it did not register is an error page, never a redirect; any other problem goes back to the client as `error`, with `state` and `iss`. A page without script, under a strict CSP; a CSRF cookie is set.',
      parameters: [
        query('response_type', '`code`', true),
        query('client_id', 'A registered id, or an HTTPS Client ID Metadata Document URL', true),
        query('redirect_uri', 'Exactly as registered (loopback: any port)', true),
        query('code_challenge', 'S256 of the verifier', true),
        query('code_challenge_method', '`S256`', true),
        query('scope', 'Space-separated scopes; none: every scope'),
        query('state', 'Returned as given'),
        query('resource', 'The resource the tokens are for (RFC 8707); default this gateway'),
      ],
      responses: {
        '200': html('The sign-in form'),
        '303': { description: 'Refused back to the client', headers: location },
        '400': html('An error page: unknown client, missing or unregistered redirect URI'),
        ...common,
      },
    },
    post: {
      operationId: 'consent',
      summary: 'The consent forms: sign in, then the decision',
      description:
        'Posted by the pages of `GET /oauth/authorize` (same-origin, with the CSRF field matching its cookie). Signing in (`key`) shows what the client asks for: scopes to narrow, and whom to act as (the person or one of their agents). The decision (`decision=allow|deny`) redirects back with `code` or `error=access_denied`, `state` and `iss`. The key is never placed in a page nor sent to the client.',
      requestBody: formBody(
        {
          csrf: str('The CSRF token of the page'),
          key: str('A Momentum API key of the person (sign-in step)'),
          consent: str('The sealed consent of the page (decision step)'),
          decision: { enum: ['allow', 'deny'] },
          scope: { type: 'array', items: { type: 'string' } },
          act_as: str('`me`, or the id of one of the person’s agents'),
        },
        ['csrf'],
      ),
      responses: {
        '200': html('The consent form'),
        '303': { description: 'Back to the client', headers: location },
        '400': html('An error page'),
        '401': html('The sign-in form again: the key is not valid'),
        '403': html('The CSRF check failed'),
        '415': apiError('Not a form'),
        ...common,
      },
    },
  },
  '/oauth/token': {
    post: {
      operationId: 'token',
      summary: 'Tokens: code, refresh, or exchange (RFC 8693) for the MCP servers',
      description:
        '`authorization_code`: `code`, `client_id`, `redirect_uri`, `code_verifier` (PKCE), optional `resource`. `refresh_token`: `refresh_token`, `client_id`; the refresh token rotates, and one presented after it was used revokes the whole grant. `urn:ietf:params:oauth:grant-type:token-exchange`: for Momentum’s standalone MCP servers only (HTTP Basic with OAUTH_EXCHANGE_SECRET), a token issued for one of them exchanged for a token for this gateway.',
      security: [],
      requestBody: formBody(
        {
          grant_type: str('authorization_code, refresh_token, or the token-exchange URN'),
          code: str('The authorization code'),
          client_id: str('The client'),
          redirect_uri: str('As in the authorization request'),
          code_verifier: str('The PKCE verifier'),
          refresh_token: str('The refresh token'),
          resource: str('RFC 8707 resource'),
          subject_token: str('Token exchange: the token to exchange'),
          subject_token_type: str('Token exchange: the access-token type URN'),
        },
        ['grant_type'],
      ),
      responses: {
        '200': json('Tokens', schema('OAuthTokens')),
        '400': json(
          '`invalid_request`, `invalid_grant`, `invalid_target` or `unsupported_grant_type`',
          schema('OAuthError'),
        ),
        '401': json(
          '`invalid_client`: an exchange without the MCP servers’ secret',
          schema('OAuthError'),
          {
            'WWW-Authenticate': {
              description: '`Basic realm="momentum"`',
              schema: { type: 'string' },
            },
          },
        ),
        '415': apiError('Not a form'),
        ...common,
      },
    },
  },
  '/oauth/revoke': {
    post: {
      operationId: 'revokeToken',
      summary: 'Revoke a token (RFC 7009): its whole grant ends',
      security: [],
      requestBody: formBody(
        { token: str('An access or refresh token'), token_type_hint: str('Ignored') },
        ['token'],
      ),
      responses: {
        '200': json('Revoked, or nothing to revoke (alike)', { type: 'object' }),
        '400': json('`invalid_request`: no token', schema('OAuthError')),
        '415': apiError('Not a form'),
        ...common,
      },
    },
  },
};
