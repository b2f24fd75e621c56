import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import { callerKeys, injectSigned, testConfig } from '@momentum/testing';
import { IssuesConfigSchema } from '../../src/config.js';
import { newWorld, startHarness, type Harness } from '../support/harness.js';

/** docs/SECURITY.md, Internal calls: only the gateway speaks for people; routes list callers. */
describe('issues accepts a person only from the gateway, and each route only its callers', () => {
  const keys = callerKeys('gateway', 'projects');
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(IssuesConfigSchema.parse(testConfig(keys.env)));
  });
  afterAll(() => h?.close());

  const forbidden = { error: { code: 'FORBIDDEN', message: expect.any(String) } };

  it('refuses an issue created for a member when projects signs it, and creates it for the gateway', async () => {
    const w = newWorld(h);
    const create = {
      method: 'POST',
      url: '/api/tasks',
      payload: { projectId: w.projectId, title: 'Signed by whom?' },
    } as const;
    const forged = await injectSigned(h.app, keys.signer('projects'), w.owner, create);
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual(forbidden);
    expect((await injectSigned(h.app, keys.signer('gateway'), w.owner, create)).statusCode).toBe(
      201,
    );
  });

  it('answers the counts to projects and the owner lookup to the gateway, each alone', async () => {
    const w = newWorld(h);
    const counts = {
      method: 'GET',
      url: `/internal/issue-counts?projectId=${w.projectId}`,
    } as const;
    const owns = { method: 'GET', url: `/internal/owns/${w.projectId}` } as const;
    expect(
      (await injectSigned(h.app, keys.signer('projects'), SYSTEM_ACTOR, counts)).statusCode,
    ).toBe(200);
    const wrong = await injectSigned(h.app, keys.signer('gateway'), SYSTEM_ACTOR, counts);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual(forbidden);
    expect(
      (await injectSigned(h.app, keys.signer('projects'), SYSTEM_ACTOR, owns)).statusCode,
    ).toBe(403);
    expect(
      (await injectSigned(h.app, keys.signer('gateway'), SYSTEM_ACTOR, owns)).statusCode,
    ).not.toBe(403);
  });
});
