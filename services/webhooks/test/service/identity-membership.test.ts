import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SYSTEM_ACTOR } from '@momentum/contracts';
import type { ServiceContext } from '@momentum/runtime';
import { injectAs, testConfig, testContext, userActor } from '@momentum/testing';
import { IdentityConfigSchema, type IdentityConfig } from '../../../identity/src/config.js';
import { buildIdentityApp } from '../../../identity/src/app.js';
import {
  deliveries,
  ownPrefix,
  sleep,
  startWebhooks,
  subscribe,
  taskCreated,
  until,
  type Harness,
} from './harness.js';
import { Receiver } from './receiver.js';

const ADMIN_KEY = `svc_uwhadmin${randomUUID().slice(0, 6)}_abcdefghijklmnopqrstuvwxyz0123456789`;

/**
 * The identity service itself (over HTTP, on the same subject prefix) decides who is a
 * member: leaving a team ends its deliveries at once — the membership event drops the
 * cached answer, long before the one-minute TTL this test sets.
 */
describe('memberships from the real identity service', () => {
  let idCtx: ServiceContext<IdentityConfig>;
  let identity: FastifyInstance;
  let h: Harness;
  let receiver: Receiver;
  let adminId: string;

  beforeAll(async () => {
    idCtx = await testContext(
      'identity',
      IdentityConfigSchema.parse(
        testConfig({ ADMIN_API_KEY: ADMIN_KEY, EVENT_PREFIX: ownPrefix() }),
      ),
    );
    identity = await buildIdentityApp(idCtx);
    await identity.listen({ port: 0, host: '127.0.0.1' });
    const port = (identity.server.address() as AddressInfo).port;
    h = await startWebhooks({
      realIdentity: true,
      env: {
        IDENTITY_URL: `http://127.0.0.1:${port}`,
        EVENT_PREFIX: idCtx.config.EVENT_PREFIX,
        WEBHOOKS_MEMBERSHIP_CACHE_MS: '60000',
      },
    });
    receiver = await Receiver.start();
    const key = ADMIN_KEY.split('_')[1]!;
    adminId = (
      await injectAs(identity, SYSTEM_ACTOR, { method: 'GET', url: `/internal/keys/${key}` })
    ).json().data.actor.id;
  });
  afterAll(async () => {
    await h?.close();
    await identity?.close();
    await idCtx?.close();
    await receiver?.stop();
  });

  it('delivers to a member, and stops when the member leaves the team', async () => {
    const admin = userActor({ id: adminId, isAdmin: true });
    const user = (
      await injectAs(identity, admin, {
        method: 'POST',
        url: '/api/users',
        payload: { name: 'Ada' },
      })
    ).json().data.user;
    // Ada is a member of a team another user owns (its last owner could not leave it).
    const owner = (
      await injectAs(identity, admin, { method: 'POST', url: '/api/users', payload: { name: 'O' } })
    ).json().data.user;
    const team = (
      await injectAs(identity, userActor({ id: owner.id }), {
        method: 'POST',
        url: '/api/teams',
        payload: { name: 'Hooks' },
      })
    ).json().data;
    await injectAs(identity, userActor({ id: owner.id }), {
      method: 'POST',
      url: `/api/teams/${team.id}/members`,
      payload: { userId: user.id },
    });
    const ada = userActor({ id: user.id, teamIds: [team.id] });
    const hook = await subscribe(h, ada, { url: receiver.url(), teamId: team.id });

    const first = await taskCreated(h, randomUUID(), team.id);
    await until(async () => receiver.received.length === 1);
    expect(receiver.received[0]!.id).toBe(first.id);

    const left = await injectAs(identity, ada, {
      method: 'DELETE',
      url: `/api/teams/${team.id}/members/${ada.id}`,
    });
    expect(left.statusCode).toBe(204);
    await sleep(200); // the membership event reaches every webhooks process
    const second = await taskCreated(h, randomUUID(), team.id);
    const row = await until(async () =>
      (await deliveries(h, ada, hook.id)).find(
        (d) => d.eventId === second.id && d.status !== 'pending',
      ),
    );
    expect(row).toMatchObject({ status: 'skipped', attempts: 0 });
    expect(receiver.received).toHaveLength(1);
  });
});
