import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '@momentum/testing';
import type { Resolve } from '../../src/clients/resolver.js';
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

/** Production rules (WEBHOOKS_ALLOW_PRIVATE_URLS off), with DNS answered from a table. */
describe('private addresses, refused', () => {
  let h: Harness;
  let receiver: Receiver;
  const dns: Record<string, string> = {};
  const resolve: Resolve = async (host) => (dns[host] ? [{ address: dns[host]!, family: 4 }] : []);
  beforeAll(async () => {
    h = await startWebhooks({ env: { WEBHOOKS_ALLOW_PRIVATE_URLS: 'false' }, deps: { resolve } });
    receiver = await Receiver.start();
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.stop();
  });

  it('refuses http and private or local targets when the webhook is made (422)', async () => {
    const ada = userActor();
    const cases: [string, string][] = [
      [receiver.url(), 'https_required'],
      ['https://127.0.0.1/hook', 'private_address'],
      ['https://10.1.2.3/hook', 'private_address'],
      ['https://169.254.169.254/latest', 'private_address'],
      ['https://[::1]/hook', 'private_address'],
      ['https://[fe80::1]/hook', 'private_address'],
      ['https://localhost/hook', 'private_address'],
    ];
    for (const [url, rule] of cases) {
      const res = await client(() => h, ada).post('/api/webhooks', { url, events: ['*'] });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().error.details, url).toEqual({ field: 'url', rule });
    }
    const changed = await client(() => h, ada).patch(
      `/api/webhooks/${(await subscribe(h, ada, { url: 'https://hooks.example.com/in' })).id}`,
      { url: 'https://127.0.0.1/in' },
    );
    expect(changed.json().error.details).toEqual({ field: 'url', rule: 'private_address' });
  });

  it('refuses at delivery time a name that resolves to a private address (no connection made)', async () => {
    const host = `hooks-${randomUUID().slice(0, 8)}.example.test`;
    dns[host] = '127.0.0.1'; // rebinding: public-looking name, loopback address
    const ada = userActor();
    const hook = await subscribe(h, ada, { url: `https://${host}:${receiver.port}/hook` });
    await taskCreated(h, ada.id);
    const [row] = await until(async () => {
      const rows = await deliveries(h, ada, hook.id);
      return rows[0]?.status === 'failed' && rows;
    });
    expect(row).toMatchObject({ attempts: 1, lastResponseCode: null });
    // The owner learns that the target was refused, not what the name resolved to.
    expect(row!.lastError).toBe('forbidden_target: address not allowed or does not resolve');
    await sleep(100);
    expect(receiver.received).toHaveLength(0);
  });

  it('logs a name that does not resolve exactly as a refused one: no probing for names', async () => {
    const ada = userActor();
    const hook = await subscribe(h, ada, {
      url: `https://nowhere-${randomUUID().slice(0, 8)}.example.test/hook`,
    });
    await taskCreated(h, ada.id);
    const [row] = await until(async () => {
      const rows = await deliveries(h, ada, hook.id);
      return rows[0]?.status === 'failed' && rows;
    });
    expect(row).toMatchObject({
      attempts: 1,
      lastResponseCode: null,
      lastError: 'forbidden_target: address not allowed or does not resolve',
    });
  });
});
