import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@momentum/contracts';
import { parseInput } from '../../src/validation.js';

/** The 422 details of docs/interface.md §7, produced from zod schemas by parseInput. */
const TaskBody = z
  .strictObject({
    type: z.enum(['habit', 'daily', 'todo']),
    title: z.string().max(200),
    schedule: z.object({ days: z.array(z.number().int().min(0).max(6)) }).optional(),
  })
  .refine((b) => b.type !== 'daily' || b.schedule !== undefined, {
    message: 'schedule is required for dailies',
    path: ['schedule'],
    params: { rule: 'required_for_dailies' },
  });

function refusal(schema: z.ZodType, input: unknown): AppError {
  try {
    parseInput(schema, input);
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }
  throw new Error('expected a validation error');
}

describe('parseInput', () => {
  it('returns the parsed value when the input is valid', () => {
    expect(parseInput(TaskBody, { type: 'todo', title: 'x' })).toEqual({
      type: 'todo',
      title: 'x',
    });
  });

  it('a missing field is {field, rule:"required"} (422 VALIDATION_ERROR)', () => {
    const err = refusal(TaskBody, { type: 'todo' });
    expect(err.statusCode).toBe(422);
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details).toEqual({ field: 'title', rule: 'required' });
  });

  it('a missing enum field is "required", not a wrong value', () => {
    expect(refusal(TaskBody, { title: 't' }).details).toEqual({ field: 'type', rule: 'required' });
  });

  it('an invalid enumerated value is {field, value, allowed}', () => {
    const err = refusal(TaskBody, { type: 'chore', title: 't' });
    expect(err.details).toEqual({
      field: 'type',
      value: 'chore',
      allowed: ['habit', 'daily', 'todo'],
    });
  });

  it('issue status and priority report the spec allowed lists', () => {
    const Issue = z.object({
      status: z
        .enum(['backlog', 'todo', 'in_progress', 'in_review', 'done', 'cancelled'])
        .optional(),
      priority: z.enum(['none', 'low', 'medium', 'high', 'urgent']).optional(),
    });
    expect(refusal(Issue, { status: 'open' }).details).toEqual({
      field: 'status',
      value: 'open',
      allowed: ['backlog', 'todo', 'in_progress', 'in_review', 'done', 'cancelled'],
    });
    expect(refusal(Issue, { priority: 'p1' }).details).toEqual({
      field: 'priority',
      value: 'p1',
      allowed: ['none', 'low', 'medium', 'high', 'urgent'],
    });
  });

  it('an object given as an enum value is not echoed back', () => {
    expect(refusal(TaskBody, { type: { $ne: 'x' }, title: 't' }).details).toEqual({
      field: 'type',
      allowed: ['habit', 'daily', 'todo'],
      value: undefined,
    });
  });

  it('a custom rule carries its params: {field:"schedule", rule:"required_for_dailies"}', () => {
    const err = refusal(TaskBody, { type: 'daily', title: 't' });
    expect(err.details).toEqual({ field: 'schedule', rule: 'required_for_dailies' });
  });

  it('the 200-character title limit is max_length 200', () => {
    const err = refusal(TaskBody, { type: 'todo', title: 'x'.repeat(201) });
    expect(err.details).toEqual({ field: 'title', rule: 'max_length', max: 200 });
  });

  it('nested paths are joined with dots', () => {
    const err = refusal(TaskBody, { type: 'daily', title: 't', schedule: { days: [7] } });
    expect(err.details).toEqual({ field: 'schedule.days.0', rule: 'max', max: 6 });
  });

  it('wrong types are rule "type"; null is not "required"', () => {
    expect(refusal(TaskBody, { type: 'todo', title: 5 }).details).toEqual({
      field: 'title',
      rule: 'type',
      expected: 'string',
    });
    expect(refusal(TaskBody, { type: 'todo', title: null }).details).toEqual({
      field: 'title',
      rule: 'type',
      expected: 'string',
    });
  });

  it('unknown fields on a strict object are refused by name', () => {
    expect(refusal(TaskBody, { type: 'todo', title: 't', $where: '1' }).details).toEqual({
      field: '$where',
      rule: 'unknown_field',
    });
  });

  it('a missing body names "body"', () => {
    expect(refusal(TaskBody, undefined).details).toEqual({ field: 'body', rule: 'required' });
  });

  it('long refused values are shortened to 100 characters', () => {
    const err = refusal(z.object({ type: z.enum(['a']) }), { type: 'y'.repeat(5000) });
    expect(err.details!.value).toBe(`${'y'.repeat(100)}…`);
  });

  it('formats and sizes', () => {
    const S = z.object({ id: z.uuid(), tags: z.array(z.string()).max(2), n: z.number().min(1) });
    expect(refusal(S, { id: 'nope', tags: [], n: 1 }).details).toEqual({
      field: 'id',
      rule: 'format',
      format: 'uuid',
    });
    expect(
      refusal(S, { id: '0b5e6f2a-1c1d-4f7e-9a55-0d4b1a7c9e11', tags: ['a', 'b', 'c'], n: 1 })
        .details,
    ).toEqual({
      field: 'tags',
      rule: 'max_items',
      max: 2,
    });
    expect(
      refusal(S, { id: '0b5e6f2a-1c1d-4f7e-9a55-0d4b1a7c9e11', tags: [], n: 0 }).details,
    ).toEqual({
      field: 'n',
      rule: 'min',
      min: 1,
    });
  });

  it('the message names the field', () => {
    expect(refusal(TaskBody, { type: 'todo' }).message).toBe('title: is required');
    expect(refusal(TaskBody, { type: 'x', title: 't' }).message).toBe(
      'type: must be one of habit, daily, todo',
    );
  });
});
