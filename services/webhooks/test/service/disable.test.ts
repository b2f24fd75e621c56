import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '@momentum/testing';
import {
  client,
  deliveries,
  sleep,
  startWebhooks,
  subscribe,
  taskCreated,
  until,
  type Harness,
} from './harness.js';
import { Receiver } from './receiver.js';

describe('a webhook that keeps failing', () => {
  let h: Harness;
  let patient: Harness;
  let receiver: Receiver;
  beforeAll(async () => {
    const quick = {
      WEBHOOKS_RETRY_WINDOW_MS: '300',
      WEBHOOKS_DISABLE_AFTER_FAILED_DELIVERIES: '2',
    };
    h = await startWebhooks({ env: { ...quick, WEBHOOKS_DISABLE_AFTER_MS: '0' } });
    // The same, but a webhook must also have been failing for a day before it is disabled.
    patient = await startWebhooks({ env: quick });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await h?.close();
    await patient?.close();
    await receiver?.stop();
  });

  it('is disabled with the reason shown, receives nothing more, and can be resumed', async () => {
    const ada = userActor();
    const path = `/${randomUUID()}`;
    const hook = await subscribe(h, ada, { url: receiver.url(path) });
    const got = () => receiver.received.filter((r) => r.path === path);
    receiver.answer = (r) => (r.path === path ? { status: 500 } : { status: 200 });
    for (let i = 0; i < 2; i++) {
      await taskCreated(h, ada.id);
      await until(
        async () => (await deliveries(h, ada, hook.id, '&status=failed')).length === i + 1,
      );
    }
    const disabled = await until(async () => {
      const w = (await client(() => h, ada).get(`/api/webhooks/${hook.id}`)).json().data;
      return w.active === false && w;
    });
    expect(disabled.disabledReason).toMatch(/2 or more given up in a row/);
    expect(disabled.disabledAt).toEqual(expect.any(String));

    const sent = got().length;
    await taskCreated(h, ada.id);
    await sleep(300);
    expect(got()).toHaveLength(sent);
    expect(await deliveries(h, ada, hook.id)).toHaveLength(2);

    receiver.answer = () => ({ status: 200 });
    const resumed = (
      await client(() => h, ada).patch(`/api/webhooks/${hook.id}`, { active: true })
    ).json().data;
    expect(resumed).toMatchObject({ active: true, disabledReason: null, disabledAt: null });
    const event = await taskCreated(h, ada.id);
    await until(async () => got().some((r) => r.id === event.id));
  });

  it('stays active while its failures are younger than the disable period', async () => {
    const ada = userActor();
    const path = `/${randomUUID()}`;
    const hook = await subscribe(patient, ada, { url: receiver.url(path) });
    receiver.answer = (r) => (r.path === path ? { status: 500 } : { status: 200 });
    for (let i = 0; i < 3; i++) await taskCreated(patient, ada.id);
    await until(
      async () => (await deliveries(patient, ada, hook.id, '&status=failed')).length === 3,
    );
    const w = (await client(() => patient, ada).get(`/api/webhooks/${hook.id}`)).json().data;
    expect(w).toMatchObject({ active: true, disabledReason: null });
    receiver.answer = () => ({ status: 200 });
  });
});
