import { describe, expect, it } from 'vitest';
import { IssuePriorities, IssueStatuses } from '@momentum/contracts';
import { call, createIssue, useIssuesApp } from '../support/harness.js';

describe('issues: input validation', () => {
  const { h, w } = useIssuesApp('ENG');

  it('validates input with the spec’s details', async () => {
    const noTitle = await call(h, w.owner, 'POST', '/api/tasks', { projectId: w.projectId });
    expect(noTitle.statusCode).toBe(422);
    expect(noTitle.json()).toEqual({
      error: {
        code: 'VALIDATION_ERROR',
        message: expect.any(String),
        details: { field: 'title', rule: 'required' },
      },
    });
    const badStatus = await call(h, w.owner, 'POST', '/api/tasks', {
      projectId: w.projectId,
      title: 'x',
      status: 'doing',
    });
    expect(badStatus.statusCode).toBe(422);
    expect(badStatus.json().error.details).toEqual({
      field: 'status',
      value: 'doing',
      allowed: [...IssueStatuses],
    });
    const badPriority = await call(h, w.owner, 'POST', '/api/tasks', {
      projectId: w.projectId,
      title: 'x',
      priority: 'p1',
    });
    expect(badPriority.json().error.details).toEqual({
      field: 'priority',
      value: 'p1',
      allowed: [...IssuePriorities],
    });
    const long = await call(h, w.owner, 'POST', '/api/tasks', {
      projectId: w.projectId,
      title: 'x'.repeat(201),
    });
    expect(long.json().error.details).toMatchObject({
      field: 'title',
      rule: 'max_length',
      max: 200,
    });
    const badDate = await call(h, w.owner, 'POST', '/api/tasks', {
      projectId: w.projectId,
      title: 'x',
      dueDate: '2025-02-30',
    });
    expect(badDate.json().error.details).toMatchObject({ field: 'dueDate', rule: 'date' });
    const unknownField = await call(h, w.owner, 'POST', '/api/tasks', {
      projectId: w.projectId,
      title: 'x',
      identifier: 'ENG-999',
    });
    expect(unknownField.json().error.details).toEqual({
      field: 'identifier',
      rule: 'unknown_field',
    });
    const badPatch = await call(h, w.owner, 'PATCH', `/api/tasks/${(await createIssue(h, w)).id}`, {
      status: 'closed',
    });
    expect(badPatch.statusCode).toBe(422);
    expect(badPatch.json().error.details).toEqual({
      field: 'status',
      value: 'closed',
      allowed: [...IssueStatuses],
    });
    const badList = await call(
      h,
      w.owner,
      'GET',
      `/api/tasks?projectId=${w.projectId}&status=todo,nope`,
    );
    expect(badList.statusCode).toBe(422);
    expect(badList.json().error.details).toEqual({
      field: 'status',
      value: 'nope',
      allowed: [...IssueStatuses],
    });
    const badSort = await call(
      h,
      w.owner,
      'GET',
      `/api/tasks?projectId=${w.projectId}&sort=secret`,
    );
    expect(badSort.json().error.details).toMatchObject({ field: 'sort', rule: 'sort' });
    const operator = await call(h, w.owner, 'GET', `/api/tasks?projectId[$ne]=x`);
    expect(operator.statusCode).toBe(422);
  });
});
