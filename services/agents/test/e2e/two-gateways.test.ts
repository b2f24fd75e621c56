import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { spawnComponent, waitHealthy } from '../../../../scripts/lib/stack.mjs';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { GATEWAY } from '../../../../scripts/lib/components.mjs';
import { api, gatewayUrl, newUser } from '../../../../test/support/e2e.js';

/**
 * Key changes reach every gateway process at once: a second gateway behind the same NATS
 * caches an agent key as valid, then the key is rotated (or the agent deactivated)
 * through the first one, and the second refuses it on the very next request.
 */
describe('agent keys across two gateway processes', () => {
  let second: ChildProcess;
  let secondUrl: string;

  beforeAll(async () => {
    const port = Number(new URL(gatewayUrl()).port) + 60;
    secondUrl = `http://127.0.0.1:${port}`;
    second = spawnComponent(
      GATEWAY,
      { ...inject('stackEnv'), PORT: String(port) },
      { quiet: true },
    );
    await waitHealthy(secondUrl, 'second gateway', second);
  }, 60_000);

  afterAll(() => {
    second?.kill('SIGTERM');
  });

  async function meOn(base: string, key: string): Promise<number> {
    const res = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${key}` } });
    return res.status;
  }

  it('refuses a rotated key on the other gateway at once, and takes the new one', async () => {
    const owner = await newUser();
    const agent = (await api(owner.apiKey, 'POST', '/api/agents', { name: 'Rotator' })).body.data;
    const minted = await api(owner.apiKey, 'POST', `/api/agents/${agent.id}/api-key`);
    expect(minted.status).toBe(201);
    const oldKey: string = minted.body.data.apiKey;
    // Both gateways now hold the key's verdict in their caches.
    expect(await meOn(gatewayUrl(), oldKey)).toBe(200);
    expect(await meOn(secondUrl, oldKey)).toBe(200);

    const rotated = await api(owner.apiKey, 'POST', `/api/agents/${agent.id}/regen-key`);
    expect(rotated.status).toBe(200);
    const newKey: string = rotated.body.data.apiKey;
    expect(newKey).not.toBe(oldKey);
    expect(await meOn(secondUrl, oldKey)).toBe(401);
    expect(await meOn(gatewayUrl(), oldKey)).toBe(401);
    expect(await meOn(secondUrl, newKey)).toBe(200);
  });

  it('refuses a deactivated agent on the other gateway at once, and again after reactivation takes it', async () => {
    const owner = await newUser();
    const agent = (await api(owner.apiKey, 'POST', '/api/agents', { name: 'Sleeper' })).body.data;
    const key: string = (await api(owner.apiKey, 'POST', `/api/agents/${agent.id}/api-key`)).body
      .data.apiKey;
    expect(await meOn(secondUrl, key)).toBe(200);
    expect(
      (await api(owner.apiKey, 'PATCH', `/api/agents/${agent.id}`, { isActive: false })).status,
    ).toBe(200);
    expect(await meOn(secondUrl, key)).toBe(401);
    expect(
      (await api(owner.apiKey, 'PATCH', `/api/agents/${agent.id}`, { isActive: true })).status,
    ).toBe(200);
    expect(await meOn(secondUrl, key)).toBe(200);
  });
});
