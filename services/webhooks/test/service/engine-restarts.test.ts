import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userActor } from '@momentum/testing';
// @ts-expect-error plain ESM helpers shared with the npm scripts
import { startFerretDB, startNatsServer } from '../../../../scripts/lib/engines.mjs';
import {
  deliveries,
  startWebhooks,
  subscribe,
  taskCreated,
  until,
  type Harness,
} from './harness.js';
import { Receiver } from './receiver.js';

/** A private engine process, stopped and started again on its port and data, as an operator would. */
class Private {
  private child: ChildProcess | null = null;
  constructor(private readonly spawnIt: () => Promise<ChildProcess>) {}
  async start() {
    this.child = await this.spawnIt();
  }
  async stop() {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  }
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/**
 * The engines under this service restarted: a private nats-server and FerretDB (never the
 * shared ones), stopped and started on the same port and data directory.
 */
describe('NATS and the database engine restarted', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'momentum-webhooks-'));
  let nats: Private;
  let engine: Private;
  let h: Harness;
  let receiver: Receiver;
  beforeAll(async () => {
    const [natsPort, mongoPort] = [await freePort(), await freePort()];
    nats = new Private(() => startNatsServer({ storeDir: path.join(dir, 'nats'), port: natsPort }));
    engine = new Private(() => startFerretDB({ dir: path.join(dir, 'ferretdb'), port: mongoPort }));
    await Promise.all([nats.start(), engine.start()]);
    h = await startWebhooks({
      env: {
        NATS_URL: `nats://127.0.0.1:${natsPort}`,
        MONGO_URL: `mongodb://127.0.0.1:${mongoPort}`,
      },
    });
    receiver = await Receiver.start();
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await receiver?.stop();
    await nats?.stop();
    await engine?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Publishes once the bus is back (its client reconnects on its own). */
  const publishWhenUp = (userId: string) =>
    until(() => taskCreated(h, userId).catch(() => null), 30_000);

  it('delivers what was recorded while NATS is away, and what comes after it is back', async () => {
    const ada = userActor();
    const hook = await subscribe(h, ada, { url: receiver.url() });
    await receiver.stop();
    const before = [];
    for (let i = 0; i < 3; i++) before.push(await taskCreated(h, ada.id));
    await until(async () => {
      const rows = await deliveries(h, ada, hook.id);
      return rows.length === 3 && rows.every((r) => r.attempts >= 1);
    });

    await nats.stop();
    await receiver.listen();
    // The scheduler needs only the database: the recorded deliveries go out now.
    await until(async () => new Set(receiver.received.map((r) => r.id)).size === 3, 15_000);

    await nats.start();
    const after = [await publishWhenUp(ada.id), await publishWhenUp(ada.id)];
    const ids = [...before, ...after].map((e) => e.id);
    await until(async () => ids.every((id) => receiver.of(id).length > 0), 45_000);
    expect(new Set(receiver.received.map((r) => r.id))).toEqual(new Set(ids));
  }, 120_000);

  it('delivers the events that came while the database engine was away', async () => {
    const bob = userActor();
    const hook = await subscribe(h, bob, { url: receiver.url('/bob') });
    await engine.stop();
    // The consumer cannot write the deliveries: it leaves the events unacked (nak), and
    // JetStream hands them out again.
    const during = [await taskCreated(h, bob.id), await taskCreated(h, bob.id)];
    await new Promise((r) => setTimeout(r, 1500));
    await engine.start();
    await until(async () => during.every((e) => receiver.of(e.id).length > 0), 60_000);
    const rows = await until(async () => {
      const log = await deliveries(h, bob, hook.id);
      return log.length === 2 && log.every((d) => d.status === 'succeeded') && log;
    }, 30_000);
    expect(rows.map((r) => r.eventId).sort()).toEqual(during.map((e) => e.id).sort());
  }, 120_000);
});
