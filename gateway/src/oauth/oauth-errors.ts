import type { FastifyReply } from 'fastify';

/** An error of the token, registration or revocation endpoints, in OAuth's shape (RFC 6749 §5.2). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status = 400,
  ) {
    super(description);
  }
}

export function sendOAuthError(reply: FastifyReply, err: OAuthError) {
  if (err.status === 401) reply.header('www-authenticate', 'Basic realm="momentum"');
  return reply
    .status(err.status)
    .header('pragma', 'no-cache')
    .send({ error: err.error, error_description: err.description });
}
