import type { FastifyInstance } from 'fastify';
import { AppError } from '@momentum/contracts';

/** Form posts (`application/x-www-form-urlencoded`, as OAuth sends them) and nothing else. */
export function formBody(scope: FastifyInstance): void {
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const fields: Record<string, string | string[]> = {};
      for (const [name, value] of new URLSearchParams(body as string)) {
        const seen = fields[name];
        if (seen === undefined) fields[name] = value;
        else fields[name] = Array.isArray(seen) ? [...seen, value] : [seen, value];
      }
      done(null, fields);
    },
  );
  scope.addContentTypeParser('*', (_request, _payload, done) =>
    done(
      new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send application/x-www-form-urlencoded'),
      undefined,
    ),
  );
}

export type Form = Record<string, string | string[] | undefined>;

/** One value of a form field: a field sent twice is refused (RFC 6749 §3.1). */
export function one(form: Form | undefined, name: string): string | undefined {
  const v = form?.[name];
  if (Array.isArray(v)) return undefined;
  return v === undefined || v === '' ? undefined : v;
}

/** Every value of a field (the ticked scope boxes). */
export function all(form: Form | undefined, name: string): string[] {
  const v = form?.[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}
