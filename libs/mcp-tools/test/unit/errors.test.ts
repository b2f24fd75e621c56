import { describe, expect, it } from 'vitest';
import { toToolError } from '../../src/index.js';
import { connect, errorOf, fakeClient } from './harness.js';

const ID = '0b7f4e0e-2a52-4a8e-9b8e-0d6f7f3c1a10';

describe('REST errors become isError tool results', () => {
  it('carries code, message and details of a shape A error', async () => {
    const { client: api } = fakeClient(() => ({
      status: 422,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'a daily needs a schedule',
          details: { field: 'schedule', rule: 'required_for_dailies' },
        },
      },
    }));
    const mcp = await connect(api);
    const result = await mcp.call('create_task', {
      title: 'Run',
      type: 'daily',
      difficulty: 'easy',
    });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(errorOf(result)).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'a daily needs a schedule',
      details: { field: 'schedule', rule: 'required_for_dailies' },
      status: 422,
    });
    await mcp.close();
  });

  it('names the code of a shape B error from its status', () => {
    expect(
      toToolError({ status: 403, body: { statusCode: 403, message: 'Not your team' } }),
    ).toEqual({
      code: 'FORBIDDEN',
      message: 'Not your team',
      status: 403,
    });
    expect(toToolError({ status: 404, body: undefined })).toEqual({
      code: 'NOT_FOUND',
      message: 'The API answered 404',
      status: 404,
    });
    expect(toToolError({ status: 599, body: 'oops' })).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'The API answered 599',
      status: 599,
    });
  });

  it('reports an unreachable API, a body without data and a throwing client without crashing', async () => {
    let mode: 'down' | 'nodata' | 'throw' = 'down';
    const { client: api } = fakeClient(() => {
      if (mode === 'down') throw new TypeError('fetch failed');
      if (mode === 'nodata') return { status: 204, body: undefined };
      throw new Error('unexpected');
    });
    const mcp = await connect(api);
    const down = await mcp.call('get_task', { id: ID });
    expect(down.isError).toBe(true);
    expect(errorOf(down)).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The Momentum API could not be reached: fetch failed',
    });
    mode = 'nodata';
    const empty = await mcp.call('get_me');
    expect(errorOf(empty)).toEqual({
      code: 'BAD_GATEWAY',
      message: 'The API answered 204 without a data field',
      status: 204,
    });
    mode = 'throw';
    expect(errorOf(await mcp.call('list_teams'))).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await mcp.close();
  });

  it('a wrong argument type is refused as an isError result, not a protocol error', async () => {
    const { client: api, calls } = fakeClient(() => ({ status: 200, body: { data: {} } }));
    const mcp = await connect(api);
    const result = await mcp.call('add_comment', { issueId: ID });
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(/body/);
    expect(calls).toEqual([]);
    await mcp.close();
  });
});
