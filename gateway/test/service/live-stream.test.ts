import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { EventTypes, ServiceNames, streamNameFor } from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import { eventually, testConfig } from '@momentum/testing';
import { LiveHub } from '../../src/live/hub.js';
import type { LiveEvent } from '../../src/live/live-event.js';
import { ensureLiveStream, liveStreamName } from '../../src/live/live-stream.js';
import { ProjectTeams } from '../../src/live/project-teams.js';

/**
 * The live stream on real NATS: made from every service's stream by JetStream itself, read
 * once per gateway by the hub, replayed from a sequence.
 */
describe('the live stream on NATS', () => {
  const { NATS_URL: natsUrl, EVENT_PREFIX: prefix } = testConfig();
  let nc: NatsConnection;
  const codec = JSONCodec();
  const publish = (type: string, data: unknown) =>
    nc.jetstream().publish(`${prefix}.${type}`, codec.encode(makeEvent(type, data)));

  beforeAll(async () => {
    nc = await connect({ servers: natsUrl });
    const jsm = await nc.jetstreamManager();
    for (const service of ServiceNames)
      await jsm.streams.add({
        name: streamNameFor(prefix, service),
        subjects: [`${prefix}.${service}.>`],
      });
    // A stream made before a service existed: only identity as a source.
    await jsm.streams.add({
      name: liveStreamName(prefix),
      subjects: [],
      sources: [{ name: streamNameFor(prefix, 'identity') }],
    });
  });
  afterAll(async () => {
    const jsm = await nc.jetstreamManager();
    for (const name of [
      ...ServiceNames.map((s) => streamNameFor(prefix, s)),
      liveStreamName(prefix),
    ])
      await jsm.streams.delete(name).catch(() => undefined);
    await nc.close();
  });

  it('adds the streams of services it lacks, and the hub hands on every event once, in order', async () => {
    const jsm = await nc.jetstreamManager();
    const name = await ensureLiveStream(jsm, prefix, { retentionHours: 24, replicas: 1 });
    const { config } = await jsm.streams.info(name);
    expect((config.sources ?? []).map((s) => s.name).sort()).toEqual(
      ServiceNames.map((s) => streamNameFor(prefix, s)).sort(),
    );
    const bounds = async () => {
      const { state } = await jsm.streams.info(name);
      return { first: state.first_seq, last: state.last_seq };
    };
    // Projects answers no lookup here: an issue event's team is what a project event taught.
    const hub = await LiveHub.start(
      { js: nc.jetstream(), stream: name, prefix, bounds, ensure: async () => undefined },
      new ProjectTeams({ request: async () => null }),
    );
    const got: LiveEvent[] = [];
    hub.attach({ deliver: (e) => got.push(e), routes: () => ['team:t1', 'inbox:user:u1'] });
    await publish(EventTypes.projects.projectCreated, { id: 'p1', teamId: 't1', key: 'K' });
    await eventually(async () => got.length === 1, 15_000);
    for (let i = 0; i < 5; i++)
      await publish(EventTypes.issues.issueCreated, { id: `i${i}`, projectId: 'p1' });
    await publish(EventTypes.notifications.notificationCreated, {
      recipient: { type: 'user', id: 'u1' },
      notification: { id: 'n1' },
    });
    await eventually(async () => got.length === 7, 15_000);
    expect(got.map((e) => e.type)).toEqual([
      'project.created',
      ...Array(5).fill('issue.created'),
      'notification',
    ]);
    expect(got.slice(1, 6).map((e) => e.audience?.teamId)).toEqual(Array(5).fill('t1'));
    const seqs = got.map((e) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    // A client resuming after the third reads the rest from NATS, by sequence.
    const replayed: number[] = [];
    for await (const e of hub.replay(seqs[2]! + 1, seqs.at(-1)!)) replayed.push(e.seq);
    expect(replayed).toEqual(seqs.slice(3));
    await hub.stop();
  });
});
