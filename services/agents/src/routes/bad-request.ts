import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, KEY_GRANT_RULES } from '@momentum/contracts';
import { validationErrorFrom } from '@momentum/http';

/**
 * Shape B (docs/interface.md §7) has no 422: malformed input on agent paths is a 400 whose message
 * names the field. Each route gets an error handler that turns validation failures into
 * BAD_REQUEST and rethrows everything to @momentum/http's handler, which writes the body.
 */
export function installBadRequestForValidation(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.errorHandler ??= (err: unknown) => {
      throw asBadRequest(err);
    };
  });
}

function asBadRequest(err: unknown): unknown {
  const validation = err instanceof z.ZodError ? validationErrorFrom(err) : err;
  if (validation instanceof AppError && validation.code === 'VALIDATION_ERROR') {
    const details = validation.details ?? {};
    // A well-formed key grant asking for an unknown scope or a past expiry is 422 on every
    // path (the message names what was refused); only malformed input is 400 here.
    if ((KEY_GRANT_RULES as readonly unknown[]).includes(details.rule)) return validation;
    // zod reports an unknown key at the object; name the key itself.
    const message =
      details.rule === 'unknown_field'
        ? `${String(details.field)}: is not a known field`
        : validation.message;
    return new AppError('BAD_REQUEST', message, details);
  }
  return err;
}
