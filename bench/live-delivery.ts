// `npx tsx bench/live-delivery.ts`: what one delivery on `GET /api/events` costs a gateway, in
// counts that do not depend on how loaded the machine is: the gateway's CPU µs and write
// system calls per event delivered to a stream. This process is the gateway (its live stream
// on the shared NATS, under a prefix of its own, in front of echo upstreams); a child process
// holds the streams and publishes the events, so neither its reading nor its publishing is
// counted. Three phases, each the same EVENTS issue events at RATE a second: no stream open
// (what the events cost without streams, subtracted from the others); STREAMS streams of which
// TEAM_STREAMS belong to members of the events' team and the rest to people of other teams;
// STREAMS streams all held by members (every event written to every stream).
// LIVE_STREAMS, LIVE_TEAM_STREAMS, LIVE_EVENTS, LIVE_RATE; LIVE_PROFILE=<file> writes a CPU
// profile of the all-members phase and prints its heaviest functions.
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { connect, JSONCodec } from 'nats';
import { EventTypes, ServiceNames, streamNameFor } from '@momentum/contracts';
import { EventBus, makeEvent } from '@momentum/messaging';
import { KEY_HASH_COST } from '@momentum/config';
import { InternalClient } from '@momentum/http';
import { hashSecret, newApiKey } from '@momentum/keys';
import type { Actor, KeyRecord } from '@momentum/contracts';
import { buildGateway } from '../gateway/src/app.js';
import { KeyCache } from '../gateway/src/auth/key-cache.js';
import { guardedResolver } from '../gateway/src/auth/guarded-resolver.js';
import { GatewayConfigSchema } from '../gateway/src/config.js';
import { IdOwnerCache } from '../gateway/src/routing/id-owner.js';
import { liveStreamName } from '../gateway/src/live/live-stream.js';
import { startLive, type LiveService } from '../gateway/src/live/service.js';
import { cpuMs, writeCalls } from './cpu-usage.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const STREAMS = Number(process.env.LIVE_STREAMS ?? 1000);
const TEAM_STREAMS = Number(process.env.LIVE_TEAM_STREAMS ?? 10);
const EVENTS = Number(process.env.LIVE_EVENTS ?? 200);
const RATE = Number(process.env.LIVE_RATE ?? 20);
const PROFILE = process.env.LIVE_PROFILE;
/** People holding the streams of each kind (a key holds at most STREAMS / HOLDERS). */
const HOLDERS = 10;
const TEAM = 'team-w';
const PROJECT = 'project-w';
const EVENT_TYPE = 'issue.updated';

type Holder = { key: string; streams: number };
type ToClients =
  | { type: 'open'; url: string; holders: Holder[] }
  | { type: 'publish'; subject: string; count: number; rate: number; expect: number }
  | { type: 'close' };
type FromClients = { opened: number; refused: number } | { received: number } | { closed: true };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The child: holds the streams, counts the events read, publishes the events. */
async function clients(): Promise<void> {
  const nc = await connect({ servers: NATS_URL });
  const js = nc.jetstream();
  const codec = JSONCodec();
  const open: http.ClientRequest[] = [];
  const marker = `event: ${EVENT_TYPE}\n`;
  let received = 0;
  const openOne = (url: string, key: string) =>
    new Promise<number>((resolve) => {
      const request = http.get(
        new URL('/api/events', url),
        { headers: { authorization: `Bearer ${key}` }, agent: false },
        (res) => {
          resolve(res.statusCode ?? 0);
          res.setEncoding('utf8');
          let tail = '';
          res.on('data', (chunk: string) => {
            const text = tail + chunk;
            for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + 1))
              received++;
            tail = text.slice(-(marker.length - 1));
          });
          res.on('error', () => undefined);
        },
      );
      request.on('error', () => resolve(0));
      open.push(request);
    });
  const answer = (message: FromClients) => process.send!(message);
  process.on('message', async (message: ToClients) => {
    if (message.type === 'open') {
      const statuses = await Promise.all(
        message.holders.flatMap((h) =>
          Array.from({ length: h.streams }, () => openOne(message.url, h.key)),
        ),
      );
      answer({ opened: statuses.length, refused: statuses.filter((s) => s !== 200).length });
    } else if (message.type === 'publish') {
      received = 0;
      const start = performance.now();
      for (let i = 0; i < message.count; i++) {
        const due = start + (i * 1000) / message.rate;
        if (due > performance.now()) await sleep(due - performance.now());
        const data = {
          id: `issue-${i % 20}`,
          projectId: PROJECT,
          teamId: TEAM,
          identifier: `ENG-${i % 20}`,
          title: 'Make the live stream cheap per delivery',
          status: 'in_progress',
          priority: 'high',
          assigneeId: 'user-w0',
          version: i + 1,
        };
        await js.publish(
          message.subject,
          codec.encode(makeEvent(EventTypes.issues.issueUpdated, data)),
        );
      }
      // Until every expected event is read, or nothing more came for 5 s.
      let last = -1;
      let still = 0;
      while (received < message.expect && still < 50) {
        still = received === last ? still + 1 : 0;
        last = received;
        await sleep(100);
      }
      answer({ received });
    } else {
      for (const request of open.splice(0)) request.destroy();
      answer({ closed: true });
    }
  });
}

function ask<T extends FromClients>(child: ChildProcess, message: ToClients): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(message);
  });
}

/** The heaviest functions of a CPU profile by their own time, as shares of all samples. */
function heaviest(profile: {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
}): string[] {
  const samples = profile.samples ?? [];
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  for (const id of samples) {
    const f = frames.get(id)!;
    const where = f.url
      ? `${f.url.replace(/^.*node_modules\//, '').replace(/^.*\/work\/[^/]+\//, '')}:${f.lineNumber + 1}`
      : '';
    const name = `${f.functionName || '(anonymous)'} ${where}`.trim();
    self.set(name, (self.get(name) ?? 0) + 1);
  }
  return [...self]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30)
    .map(([name, n]) => `${((100 * n) / samples.length).toFixed(1).padStart(5)}%  ${name}`);
}

async function gateway(): Promise<void> {
  const prefix = `bl${process.pid}`;
  const env = {
    NATS_URL,
    EVENT_PREFIX: prefix,
    EVENTS_MAX_STREAMS_PER_KEY: String(Math.max(5, Math.ceil(STREAMS / HOLDERS))),
    // The streams opened together beat together: at the longest interval none beats within
    // the idle and busy windows (3 s after opening, EVENTS / RATE s each), so neither counts
    // a thousand heartbeats the other lacks.
    EVENTS_HEARTBEAT_MS: '30000',
  };
  // No upstream is asked: the streams' keys are checked against the directory below.
  const config = GatewayConfigSchema.parse({
    INTERNAL_SECRET: 'live-delivery-bench-secret-0123456789abcdef',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '0',
    METRICS_PORT: '0',
    ...env,
  });
  const records = new Map<string, KeyRecord>();
  const keyCache = new KeyCache(config.KEY_CACHE_TTL_MS);
  const guarded = guardedResolver(
    config,
    { lookup: async (keyId) => records.get(keyId) ?? null },
    keyCache,
  );
  const own: { live?: LiveService } = {};
  const nowhere = new InternalClient('http://127.0.0.1:9', config.INTERNAL_SECRET);
  const app = await buildGateway({
    config,
    keyCache,
    resolver: guarded.resolver,
    unknownKeys: guarded.unknown,
    owners: new IdOwnerCache(nowhere, nowhere),
    live: () => own.live,
  });
  const bus = await EventBus.connect(NATS_URL, prefix, 'gateway', app.log);
  const jsm = await bus.nc.jetstreamManager();
  for (const service of ServiceNames)
    await jsm.streams.add({
      name: streamNameFor(prefix, service),
      subjects: [`${prefix}.${service}.>`],
    });
  own.live = await startLive(bus, config, guarded.resolver, keyCache);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const child = fork(new URL(import.meta.url).pathname, ['clients'], {
    execArgv: process.execArgv,
  });
  const keys = async (team: (i: number) => string, label: string) => {
    const made: string[] = [];
    for (let i = 0; i < HOLDERS; i++) {
      const key = newApiKey('u');
      const id = `${label}${i}`;
      const actor: Actor = {
        type: 'user',
        id,
        userId: id,
        name: id,
        teamIds: [team(i)],
        isAdmin: false,
      };
      records.set(key.keyId, {
        keyId: key.keyId,
        hash: await hashSecret(key.secret, KEY_HASH_COST.min),
        actor,
      } as KeyRecord);
      made.push(key.raw);
    }
    return made;
  };
  const members = await keys(() => TEAM, 'member-');
  const others = await keys((i) => `team-o${i}`, 'other-');
  const stored = JSONCodec();
  await bus.nc
    .jetstream()
    .publish(
      `${prefix}.${EventTypes.projects.projectCreated}`,
      stored.encode(
        makeEvent(EventTypes.projects.projectCreated, { id: PROJECT, teamId: TEAM, key: 'ENG' }),
      ),
    );
  const spread = (people: string[], n: number): Holder[] =>
    people.map((key, i) => ({
      key,
      streams: Math.floor(n / people.length) + (i < n % people.length ? 1 : 0),
    }));
  const pid = process.pid;
  const results: Record<string, Record<string, number>> = {};
  /** CPU ms, write calls and ms elapsed of the gateway and the clients over `run`. */
  const window = async <T>(run: () => Promise<T>) => {
    const start = [cpuMs(pid), writeCalls(pid), cpuMs(child.pid!), performance.now()];
    const value = await run();
    const [cpu, writes, clientCpu, ms] = [
      cpuMs(pid),
      writeCalls(pid),
      cpuMs(child.pid!),
      performance.now(),
    ].map((v, i) => v - start[i]!) as [number, number, number, number];
    return { value, cpu, writes, clientCpu, ms };
  };
  /**
   * Opens the streams, lets them settle, measures them idle (heartbeats, the verifications
   * of their keys finishing) for as long as the events will take, then the events.
   */
  const phase = async (name: string, holders: Holder[], seeing: number) => {
    let opened = { opened: 0, refused: 0 };
    if (holders.length) opened = await ask(child, { type: 'open', url, holders });
    await sleep(3000);
    const idle = await window(() => sleep((EVENTS * 1000) / RATE));
    const session = PROFILE && (name === 'all' || name === 'team') ? new Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const busy = await window(() =>
      ask<{ received: number }>(child, {
        type: 'publish',
        subject: `${prefix}.${EventTypes.issues.issueUpdated}`,
        count: EVENTS,
        rate: RATE,
        expect: EVENTS * seeing,
      }),
    );
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(`${PROFILE!}.${name}.cpuprofile`, JSON.stringify(profile));
      process.stderr.write(
        `[live-delivery] ${name}, self time:\n${heaviest(profile).join('\n')}\n`,
      );
      session.disconnect();
    }
    if (holders.length) await ask(child, { type: 'close' });
    await sleep(1000);
    // What the events added to the streams held idle for as long.
    const scale = busy.ms / idle.ms;
    results[name] = {
      ...opened,
      expected: EVENTS * seeing,
      delivered: busy.value.received,
      cpuMs: busy.cpu - idle.cpu * scale,
      writes: busy.writes - idle.writes * scale,
      clientCpuMs: busy.clientCpu - idle.clientCpu * scale,
      idleCpuMs: idle.cpu,
    };
    process.stderr.write(`[live-delivery] ${name}: ${JSON.stringify(results[name])}\n`);
  };
  try {
    await phase('warm-up', spread(members, TEAM_STREAMS), TEAM_STREAMS);
    await phase('none', [], 0);
    await phase(
      'team',
      [...spread(members, TEAM_STREAMS), ...spread(others, STREAMS - TEAM_STREAMS)],
      TEAM_STREAMS,
    );
    await phase('all', spread(members, STREAMS), STREAMS);
    const base = results.none!;
    // Beyond what the events cost with no stream open (the hub reading and decoding them).
    const per = (r: Record<string, number>) => ({
      gatewayCpuUsPerEvent: Number((((r.cpuMs! - base.cpuMs!) * 1000) / EVENTS).toFixed(1)),
      gatewayCpuUsPerDelivery: Number(
        (((r.cpuMs! - base.cpuMs!) * 1000) / r.delivered!).toFixed(2),
      ),
      writesPerDelivery: Number(((r.writes! - base.writes!) / r.delivered!).toFixed(3)),
      clientCpuUsPerDelivery: Number(
        (((r.clientCpuMs! - base.clientCpuMs!) * 1000) / r.delivered!).toFixed(2),
      ),
    });
    const summary = {
      streams: STREAMS,
      events: EVENTS,
      rate: RATE,
      none: base,
      team: { ...results.team, ...per(results.team!) },
      all: { ...results.all, ...per(results.all!) },
    };
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  } finally {
    child.kill();
    await own.live.hub.stop();
    for (const service of ServiceNames)
      await jsm.streams.delete(streamNameFor(prefix, service)).catch(() => undefined);
    await jsm.streams.delete(liveStreamName(prefix)).catch(() => undefined);
    await bus.nc.close();
    await app.close();
    await guarded.pool.close();
    await nowhere.close();
  }
}

if (process.argv[2] === 'clients') await clients();
else await gateway();
