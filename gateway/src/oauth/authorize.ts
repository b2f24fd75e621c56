import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type Actor } from '@momentum/contracts';
import { parseApiKey } from '@momentum/keys';
import {
  AUTHORIZE_FIELDS,
  checkAuthorizeRequest,
  redirectBack,
  type AuthorizeParams,
} from './authorize-request.js';
import {
  consentCsp,
  consentPage,
  errorPage,
  signInPage,
  type ClientShown,
} from './consent-page.js';
import { seal, unseal, type ConsentState } from './consent-state.js';
import { all, one, type Form } from './form-body.js';
import { issuerOf } from './issuer.js';
import { grantable, narrowed, requestedScopes } from './scopes.js';
import { newCode } from './tokens.js';
import type { OAuthDeps } from './deps.js';
import type { OAuthClient } from './client-metadata.js';

const CONSENT_MS = 10 * 60_000;
const CODE_MS = 60_000;
const CSRF_COOKIE = 'momentum_oauth_csrf';

const shown = (c: OAuthClient): ClientShown => ({
  id: c.id,
  name: c.name,
  uri: c.uri,
  verified: c.kind === 'metadata-document',
});

function html(reply: FastifyReply, status: number, body: string, redirectTo?: string) {
  return (
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', consentCsp(redirectTo))
      // Not no-referrer: a browser then posts the form with `Origin: null`, which is refused.
      .header('referrer-policy', 'same-origin')
      .send(body)
  );
}

const sameSecret = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

function cookieOf(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return null;
}

/**
 * The CSRF token of this browser: a random value in a SameSite=Strict, HttpOnly cookie that
 * each form repeats (double submit); a post whose field and cookie differ is refused.
 */
function csrfToken(request: FastifyRequest, reply: FastifyReply): string {
  const existing = cookieOf(request, CSRF_COOKIE);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${CSRF_COOKIE}=${token}; Path=/oauth; HttpOnly; SameSite=Strict; Max-Age=3600${secure}`,
  );
  return token;
}

/**
 * `/oauth/authorize`, the consent page (docs/SECURITY.md, "OAuth"): GET checks the request
 * and asks the person to sign in with a key; the sign-in post shows what the client asks for
 * (scopes to narrow, whom to act as); the decision post redirects back with a code (or
 * `access_denied`), `state` and `iss`. Works without script; the key is posted to the
 * gateway alone and never placed in any page.
 */
export function registerAuthorize(scope: FastifyInstance, deps: OAuthDeps): void {
  const resourcesFor = (request: FastifyRequest) =>
    deps.resources(issuerOf(deps.config.OAUTH_ISSUER, request));

  async function begin(request: FastifyRequest, reply: FastifyReply, params: AuthorizeParams) {
    if (!params.client_id)
      return { done: html(reply, 400, errorPage('The request names no client_id.')) };
    const found = await deps.clients.find(params.client_id);
    if (!found.ok) return { done: html(reply, 400, errorPage(`Unknown client: ${found.error}.`)) };
    const client = found.value;
    const checked = checkAuthorizeRequest(params, client, resourcesFor(request));
    if ('page' in checked) return { done: html(reply, 400, errorPage(checked.page)) };
    const iss = issuerOf(deps.config.OAUTH_ISSUER, request);
    if ('redirect' in checked) {
      const { error, description } = checked.redirect;
      const to = redirectBack(params.redirect_uri!, {
        error,
        error_description: description,
        state: params.state,
        iss,
      });
      return { done: reply.redirect(to, 303) };
    }
    return { client, checked, iss };
  }

  scope.get('/oauth/authorize', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    // A field given twice is not a string: as good as absent (and refused where required).
    const params = Object.fromEntries(
      AUTHORIZE_FIELDS.map((f) => [f, typeof query[f] === 'string' ? query[f] : undefined]),
    ) as AuthorizeParams;
    const started = await begin(request, reply, params);
    if ('done' in started) return started.done;
    const csrf = csrfToken(request, reply);
    const fields = hiddenParams(params, csrf);
    return html(reply, 200, signInPage(shown(started.client), fields));
  });

  scope.post('/oauth/authorize', async (request, reply) => {
    const form = request.body as Form | undefined;
    const csrf = one(form, 'csrf');
    const cookie = cookieOf(request, CSRF_COOKIE);
    // The double submit, and the browser's own word on where the form came from.
    const origin = request.headers.origin;
    const iss = issuerOf(deps.config.OAUTH_ISSUER, request);
    if (!csrf || !cookie || !sameSecret(csrf, cookie) || (origin && origin !== new URL(iss).origin))
      return html(
        reply,
        403,
        errorPage(
          'The form expired or did not come from this page; start again from the application.',
        ),
      );
    if (one(form, 'consent')) return decide(request, reply, form!, csrf, iss);
    return signIn(request, reply, form!, csrf);
  });

  async function signIn(request: FastifyRequest, reply: FastifyReply, form: Form, csrf: string) {
    const params = Object.fromEntries(
      AUTHORIZE_FIELDS.map((f) => [f, one(form, f)]),
    ) as AuthorizeParams;
    const started = await begin(request, reply, params);
    if ('done' in started) return started.done;
    const { client, checked } = started;
    const key = one(form, 'key') ?? '';
    let actor: Actor | null = null;
    try {
      actor = key.startsWith('svc_') ? await deps.keys.resolve(key, request.ip) : null;
    } catch (err) {
      if (err instanceof AppError && err.statusCode === 429)
        return html(reply, 429, signInPage(shown(client), hiddenParams(params, csrf), err.message));
      throw err;
    }
    const expired = actor?.keyExpiresAt && Date.parse(actor.keyExpiresAt) <= Date.now();
    if (!actor || expired || actor.type !== 'user') {
      const why =
        actor?.type === 'agent'
          ? 'Use a key of your own, not an agent’s.'
          : 'That key is not valid.';
      return html(reply, 401, signInPage(shown(client), hiddenParams(params, csrf), why));
    }
    const keyId = parseApiKey(key)?.keyId;
    if (!keyId) return html(reply, 401, signInPage(shown(client), hiddenParams(params, csrf)));
    const offered = grantable(requestedScopes(params.scope), actor.scopes ?? null);
    const agents = await deps.agentsOf(key);
    const state: ConsentState = {
      userId: actor.id,
      keyId,
      keyExpiresAt: actor.keyExpiresAt ?? null,
      clientId: client.id,
      clientName: client.name,
      clientUri: client.uri,
      redirectUri: checked.redirectUri,
      state: params.state ?? null,
      challenge: checked.challenge,
      resource: checked.resource,
      offered,
      agents: agents.map((a) => a.id),
      csrf,
      expiresAt: Date.now() + CONSENT_MS,
    };
    const fields = { csrf, consent: seal(state, deps.config.INTERNAL_SECRET) };
    return html(
      reply,
      200,
      consentPage(shown(client), actor.name, offered, agents, fields),
      checked.redirectUri,
    );
  }

  async function decide(
    request: FastifyRequest,
    reply: FastifyReply,
    form: Form,
    csrf: string,
    iss: string,
  ) {
    const state = unseal(one(form, 'consent') ?? '', deps.config.INTERNAL_SECRET);
    if (!state || !sameSecret(state.csrf, csrf))
      return html(
        reply,
        400,
        errorPage('This consent form expired; start again from the application.'),
      );
    const back = (params: Record<string, string | undefined>) =>
      reply.redirect(redirectBack(state.redirectUri, { ...params, state: state.state, iss }), 303);
    if (one(form, 'decision') !== 'allow')
      return back({ error: 'access_denied', error_description: 'The person denied the request' });
    const scopes = narrowed(state.offered as never[], all(form, 'scope'));
    if (!scopes.length)
      return back({ error: 'invalid_scope', error_description: 'No scope was allowed' });
    const actAs = one(form, 'act_as') ?? 'me';
    if (actAs !== 'me' && !state.agents.includes(actAs))
      return html(reply, 400, errorPage('That agent is not one of yours.'));
    const code = newCode();
    await deps.store.storeCode({
      hash: code.hash,
      clientId: state.clientId,
      clientName: state.clientName,
      clientUri: state.clientUri,
      redirectUri: state.redirectUri,
      challenge: state.challenge,
      resource: state.resource,
      scopes,
      userId: state.userId,
      agentId: actAs === 'me' ? null : actAs,
      keyId: state.keyId,
      keyExpiresAt: state.keyExpiresAt,
      expiresAt: new Date(Date.now() + CODE_MS).toISOString(),
    });
    return back({ code: code.raw });
  }
}

function hiddenParams(params: AuthorizeParams, csrf: string): Record<string, string> {
  const fields: Record<string, string> = { csrf };
  for (const f of AUTHORIZE_FIELDS) {
    const v = params[f];
    if (typeof v === 'string') fields[f] = v;
  }
  return fields;
}
