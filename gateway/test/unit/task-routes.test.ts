import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, userActor, type TestGateway } from '../support/harness.js';

let gw: TestGateway;
let auth: Record<string, string>;

beforeAll(async () => {
  gw = await startTestGateway();
  auth = { authorization: `Bearer ${await gw.keyring.add(userActor('u1'))}` };
});
afterAll(() => gw.close());

/** The service a request reached. Ids here are not UUIDs, so where the id decides it is habits. */
async function reached(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string) {
  const res = await gw.app.inject({ method, url, headers: auth });
  expect(res.statusCode, `${method} ${url}`).toBeLessThan(300);
  return gw.seen.at(-1)!.service;
}

describe('the /api/tasks routes say which service answers', () => {
  it('completion is a task’s; comments and blockers are an issue’s, at any depth', async () => {
    expect(await reached('POST', '/api/tasks/t1/complete')).toBe('habits');
    for (const [method, url] of [
      ['GET', '/api/tasks/i1/comments'],
      ['POST', '/api/tasks/i1/comments'],
      ['PATCH', '/api/tasks/i1/comments/c1'],
      ['DELETE', '/api/tasks/i1/comments/c1'],
      ['GET', '/api/tasks/i1/blockers'],
      ['DELETE', '/api/tasks/i1/blockers/b1'],
      ['GET', '/api/tasks/search?q=x'],
    ] as const)
      expect(await reached(method, url), url).toBe('issues');
  });

  it('anything else below an id goes to the id’s owner', async () => {
    for (const url of ['/api/tasks/t1', '/api/tasks/t1/activity', '/api/tasks/t1/commentsx'])
      expect(await reached('GET', url), url).toBe('habits');
    expect(await reached('POST', '/api/tasks/t1/complete/again')).toBe('habits');
  });

  it('an issue identifier goes to issues on every /api/tasks/:id route, completion included', async () => {
    for (const [method, url] of [
      ['GET', '/api/tasks/ENG-12'],
      ['PATCH', '/api/tasks/eng-12'],
      ['DELETE', '/api/tasks/ENG-12'],
      ['POST', '/api/tasks/ENG-12/complete'],
      ['GET', '/api/tasks/ENG-12/activity'],
      ['POST', '/api/tasks/ENG-12/comments'],
      ['GET', '/api/tasks/Eng-12/blockers'],
    ] as const)
      expect(await reached(method, url), `${method} ${url}`).toBe('issues');
    // Neither a UUID nor an identifier: habits answers (its 422), as before.
    expect(await reached('GET', '/api/tasks/ENG-0')).toBe('habits');
  });
});
