import { DiscardPolicy, type JetStreamManager, type StreamConfig } from 'nats';
import { ServiceNames, streamNameFor } from '@momentum/contracts';

const nanos = (ms: number) => ms * 1_000_000;

/** `<PREFIX>_LIVE`: every service's events, in one order, for the live streams to read. */
export const liveStreamName = (prefix: string) =>
  `${prefix}_live`.replace(/[^A-Za-z0-9_-]/g, '_').toUpperCase();

/**
 * The stream every live client reads. It stores nothing of its own: JetStream copies each
 * service's stream into it (stream sources, inside NATS), so the events of all services
 * get one sequence. That sequence is the SSE `id`: any gateway replica resumes a client
 * from it, in order, exactly once, and a cursor older than the retention is visible (it
 * lies before the stream's first sequence). Sources start at creation: history is not copied.
 * Idempotent, as every gateway replica ensures it; one made by a replica first is kept.
 */
export async function ensureLiveStream(
  jsm: JetStreamManager,
  prefix: string,
  { retentionHours, replicas }: { retentionHours: number; replicas: number },
): Promise<string> {
  const name = liveStreamName(prefix);
  const startedAt = new Date().toISOString();
  const sourceOf = (service: string) => ({ name: service, opt_start_time: startedAt });
  const wanted = ServiceNames.map((service) => streamNameFor(prefix, service));
  const held = await jsm.streams.info(name).catch(() => null);
  if (held) {
    // A service added since the stream was made (a release with a new service): its stream
    // joins from now on; the others keep their positions.
    const have = new Set((held.config.sources ?? []).map((source) => source.name));
    const missing = wanted.filter((stream) => !have.has(stream));
    if (missing.length)
      await jsm.streams.update(name, {
        ...held.config,
        sources: [...(held.config.sources ?? []), ...missing.map(sourceOf)],
      });
    return name;
  }
  const config: Partial<StreamConfig> = {
    name,
    subjects: [],
    sources: wanted.map(sourceOf),
    max_age: nanos(retentionHours * 3600_000),
    discard: DiscardPolicy.Old,
    num_replicas: replicas,
  };
  await jsm.streams.add(config).catch(async (err: unknown) => {
    // Another gateway made it first.
    await jsm.streams.info(name).catch(() => {
      throw err;
    });
  });
  return name;
}
