import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies, with two choices made explicit: an empty body with a JSON content type is
 * "no body" (clients send the header on every request, also on POST …/complete), and
 * `__proto__` / `constructor.prototype` keys are refused (400) rather than merged.
 */
export function installJsonParser(app: FastifyInstance): void {
  const strict = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    strict(request, text, done);
  });
}
