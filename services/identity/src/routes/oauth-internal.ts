import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  OAuthClientRegistration,
  OAuthCodeRecord,
  OAuthRedemption,
  OAuthRefresh,
  OAuthTokenRef,
  StoredToken,
} from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { IdentityDeps } from '../deps.js';
import {
  accessRecord,
  addAccessToken,
  findClient,
  markGrantUsed,
  redeemCode,
  registerClient,
  revokeByToken,
  rotateRefresh,
  storeCode,
} from '../usecases/oauth-grants.js';

const Id = z.object({ id: z.string().max(64) });
const gateway = { internal: true, callers: ['gateway'] } as const;

/**
 * The authorization server's storage, for the gateway only (gateway/src/oauth): shared by
 * every gateway replica. Refusals are 404.
 */
export function registerOAuthInternalRoutes(app: FastifyInstance, deps: IdentityDeps) {
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/internal/oauth/clients',
      summary: 'Register an OAuth client (RFC 7591)',
      ...gateway,
      body: OAuthClientRegistration,
      response: { status: 201 },
    },
    async ({ body }) => ({ data: await registerClient(deps, body) }),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/oauth/clients/:id',
      summary: 'A registered OAuth client',
      ...gateway,
      params: Id,
    },
    async ({ params }) => ({ data: await findClient(deps, params.id) }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/internal/oauth/codes',
      summary: 'Keep an authorization code (its hash)',
      ...gateway,
      body: OAuthCodeRecord,
      response: { status: 204 },
    },
    async ({ body }) => storeCode(deps, body),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/internal/oauth/codes/redeem',
      summary: 'Redeem a code once for a grant and its first tokens',
      ...gateway,
      body: OAuthRedemption,
    },
    async ({ body }) => ({ data: await redeemCode(deps, body) }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/internal/oauth/refresh',
      summary: 'Rotate a refresh token',
      ...gateway,
      body: OAuthRefresh,
    },
    async ({ body }) => ({ data: await rotateRefresh(deps, body) }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/internal/oauth/grants/:id/tokens',
      summary: 'One more access token under a grant (token exchange)',
      ...gateway,
      params: Id,
      body: StoredToken,
    },
    async ({ params, body }) => {
      await addAccessToken(deps, params.id, body);
      return { data: { grantId: params.id } };
    },
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/internal/oauth/grants/:id/used',
      summary: 'A token of the grant verified: mark its use',
      ...gateway,
      params: Id,
      response: { status: 204 },
    },
    async ({ params }) => markGrantUsed(deps, params.id),
  );
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/internal/oauth/access/:id',
      summary: 'An access token’s record for verification',
      ...gateway,
      params: Id,
    },
    async ({ params }) => ({ data: await accessRecord(deps, params.id) }),
  );
  defineRoute(
    app,
    {
      method: 'POST',
      url: '/internal/oauth/revoke',
      summary: 'Revoke the grant of a token (RFC 7009)',
      ...gateway,
      body: OAuthTokenRef,
      response: { status: 204 },
    },
    async ({ body }) => revokeByToken(deps, body.id, body.hash),
  );
}
