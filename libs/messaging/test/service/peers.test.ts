import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type NatsConnection } from 'nats';
import { PeerWatch } from '../../src/peers.js';
import { eventually, testConfig } from '@momentum/testing';

describe('PeerWatch: the other processes of a service', () => {
  const { NATS_URL: natsUrl } = testConfig();
  const connections: NatsConnection[] = [];
  const open = async () => {
    const nc = await connect({ servers: natsUrl });
    connections.push(nc);
    return nc;
  };
  afterAll(async () => {
    await Promise.all(connections.map((nc) => (nc.isClosed() ? undefined : nc.close())));
  });

  it('reports a peer that stopped being heard (killed), never one that said goodbye', async () => {
    const subject = `peers.test.${randomUUID()}`;
    const lost: string[] = [];
    const survivor = new PeerWatch(await open(), subject, (peer) => lost.push(peer), 50, 200);
    const killed = new PeerWatch(await open(), subject, () => undefined, 50, 200);
    const leaving = new PeerWatch(await open(), subject, () => undefined, 50, 200);
    for (const w of [survivor, killed, leaving]) w.start();
    await eventually(async () => survivor.peers === 2, 3000, 20);

    leaving.stop(); // a clean stop says goodbye
    await eventually(async () => survivor.peers === 1, 3000, 20);
    // kill -9: its connection goes away without a word.
    await connections[1]!.close();
    await eventually(async () => lost.length > 0, 3000, 20);
    expect(lost).toEqual([killed.id]);
    survivor.stop();
  });
});
