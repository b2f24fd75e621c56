import fp from 'fastify-plugin';
import { AppError } from '@momentum/contracts';

/**
 * Deeper JSON is refused before parsing: a value nested thousands of levels deep parses,
 * but then overflows the stack of whatever walks it (serializing a reply, BSON), which
 * would be a 500. No document of ours needs more than a few levels; BSON stops at 100.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * JSON bodies and nothing else, with four choices made explicit: a body of any other type
 * is 415 (Fastify would read `text/plain` as a string, which a route then refused as "expected
 * object, received string"); an empty body with a JSON content type is "no body" (clients
 * send the header on every request, also on POST …/complete); `__proto__` /
 * `constructor.prototype` keys are refused (400) rather than merged; nesting deeper than
 * MAX_JSON_DEPTH is refused (400). Applies to the scope that registers it.
 */
export const jsonBodyPlugin = fp(
  async (app) => {
    const strict = app.getDefaultJsonParser('error', 'error');
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) {
        return done(
          new AppError('BAD_REQUEST', `JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`),
          undefined,
        );
      }
      strict(request, text, done);
    });
  },
  { name: 'momentum-json-body', fastify: '5.x' },
);

/** One pass over the text counting open brackets outside strings; stops at the limit. */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
