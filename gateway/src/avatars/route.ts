import type { FastifyInstance } from 'fastify';
import {
  AVATAR_INITIALS,
  AVATAR_KINDS,
  notFound,
  validationError,
  type AvatarKind,
} from '@momentum/contracts';
import { avatarEtag, avatarSvg } from './svg.js';

const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.svg$/i;

/** A URL names its picture for ever (a new name is a new URL): cache it a year, anywhere. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** An SVG opened on its own runs nothing and loads nothing. */
const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/**
 * `GET /api/avatars/:kind/:id.svg?initials=AL`: the avatar the API's `avatar` fields point at.
 * Public (an `<img>` sends no key), drawn from the URL alone: it reads nothing, so it tells
 * nothing but what the URL says (see libs/contracts avatars.ts), and answers 304 to a
 * matching `If-None-Match`.
 */
export function registerAvatarRoute(app: FastifyInstance): void {
  app.get<{ Params: { kind: string; file: string }; Querystring: { initials?: unknown } }>(
    '/api/avatars/:kind/:file',
    async (request, reply) => {
      const { kind, file } = request.params;
      const id = FILE.exec(file)?.[1]?.toLowerCase();
      if (!(AVATAR_KINDS as readonly string[]).includes(kind) || !id) throw notFound('Avatar');
      const raw = request.query.initials;
      if (raw !== undefined && (typeof raw !== 'string' || !AVATAR_INITIALS.test(raw)))
        throw validationError('initials: must be one or two letters or digits', {
          field: 'initials',
          rule: 'initials',
        });
      const initials = raw ?? '';
      const etag = avatarEtag(kind as AvatarKind, id, initials);
      reply
        .header('etag', etag)
        .header('cache-control', CACHE_CONTROL)
        .header('content-security-policy', SVG_CSP)
        // Shown by web clients on other origins (`<img src>`); it carries no one's data.
        .header('cross-origin-resource-policy', 'cross-origin');
      const match = request.headers['if-none-match'];
      if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
        return reply.status(304).send();
      return reply
        .type('image/svg+xml; charset=utf-8')
        .send(avatarSvg(kind as AvatarKind, id, initials));
    },
  );
}
