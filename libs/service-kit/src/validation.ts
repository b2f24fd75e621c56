import { z } from 'zod';
import { AppError, type ErrorDetails } from '@momentum/contracts';

/**
 * Parses input with a zod schema and turns the first problem into the exact 422
 * details of spec §7: `{field, rule:"required"}`, `{field, value, allowed}`, or a
 * custom rule such as `{field:"schedule", rule:"required_for_dailies"}`.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw validationErrorFrom(result.error);
}

export function validationErrorFrom(error: z.ZodError): AppError {
  const issue = error.issues[0];
  if (!issue) return new AppError('VALIDATION_ERROR', 'Invalid input', {});
  const field = issue.path.length ? issue.path.map(String).join('.') : 'body';
  const details = detailsOf(issue, field);
  // details.field, not field: an unknown key names itself, not the object holding it.
  const message = `${String(details.field)}: ${messageOf(issue, details)}`;
  return new AppError('VALIDATION_ERROR', message, details);
}

type Issue = z.core.$ZodIssue & { input?: unknown };

function detailsOf(issue: Issue, field: string): ErrorDetails {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || (issue.input === null && issue.expected !== 'null'))
        return issue.input === undefined
          ? { field, rule: 'required' }
          : { field, rule: 'type', expected: issue.expected };
      return { field, rule: 'type', expected: issue.expected };
    case 'invalid_value':
      // A missing enum field is "required", not a wrong value (spec §7).
      if (issue.input === undefined) return { field, rule: 'required' };
      return { field, value: shortValue(issue.input), allowed: issue.values };
    case 'too_big':
      return { field, rule: ruleForSize('max', issue.origin), max: Number(issue.maximum) };
    case 'too_small':
      return { field, rule: ruleForSize('min', issue.origin), min: Number(issue.minimum) };
    case 'invalid_format':
      return { field, rule: 'format', format: issue.format };
    case 'unrecognized_keys':
      return { field: issue.keys[0] ?? field, rule: 'unknown_field' };
    case 'custom': {
      const params = (issue.params ?? {}) as Record<string, unknown>;
      return { field, rule: 'invalid', ...params };
    }
    default:
      return { field, rule: 'invalid' };
  }
}

function ruleForSize(kind: 'min' | 'max', origin: string): string {
  if (origin === 'string') return `${kind}_length`;
  if (origin === 'array' || origin === 'set') return `${kind}_items`;
  return kind;
}

function messageOf(issue: Issue, details: ErrorDetails): string {
  if (details.rule === 'required') return 'is required';
  if (details.rule === 'unknown_field') return 'is not a known field';
  if ('allowed' in details) return `must be one of ${(details.allowed as unknown[]).join(', ')}`;
  return issue.message;
}

/** Echo a refused value back without echoing a megabyte of it. */
function shortValue(value: unknown): unknown {
  if (typeof value === 'string' && value.length > 100) return `${value.slice(0, 100)}…`;
  if (value !== null && typeof value === 'object') return undefined;
  return value;
}
