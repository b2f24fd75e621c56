import { z } from 'zod';
import { ErrorCodes } from './errors.js';

// The two error bodies of docs/interface.md §7 as schemas: replies are serialized through
// them, and the OpenAPI document names them. Members are loose objects so that a detail a
// rule adds (a limit, a path of identifiers) is kept, never stripped.

const field = z.string().describe('The refused field (dotted for nested ones), or a header name');

const RequiredField = z.looseObject({ field, rule: z.literal('required') });
const NotAllowed = z.looseObject({
  field,
  value: z.unknown().optional().describe('The refused value, shortened to 100 characters'),
  allowed: z.array(z.unknown()),
});
const BrokenRule = z.looseObject({
  field,
  rule: z
    .string()
    .describe(
      'required_for_dailies, max_length, min_length, max, min, format, type, unknown_field, or a rule of the resource',
    ),
});

export const ValidationDetails = z.union([RequiredField, NotAllowed, BrokenRule]).meta({
  id: 'ValidationDetails',
  description:
    'What was refused (spec §7): `{field, rule:"required"}`, `{field, value, allowed}`, `{field:"schedule", rule:"required_for_dailies"}`, or `{field, rule, …limit}`',
});

const codes = Object.keys(ErrorCodes) as [keyof typeof ErrorCodes, ...(keyof typeof ErrorCodes)[]];

/** Shape A, every path but /api/agents. */
export const ApiError = z
  .object({
    error: z.object({
      code: z.enum(codes),
      message: z.string(),
      details: z.record(z.string(), z.unknown()).optional(),
    }),
  })
  .meta({ id: 'ApiError', description: 'Error body (shape A): every path except /api/agents' });

/** Shape A for 422: the details say which field broke which rule. */
export const ValidationFailure = z
  .object({
    error: z.object({
      code: z.literal('VALIDATION_ERROR'),
      message: z.string(),
      details: ValidationDetails,
    }),
  })
  .meta({ id: 'ValidationFailure', description: 'A 422 body (shape A)' });

/** Shape B, the /api/agents paths. */
export const AgentError = z
  .object({ statusCode: z.number().int(), message: z.string() })
  .meta({ id: 'AgentError', description: 'Error body (shape B): the /api/agents paths' });
