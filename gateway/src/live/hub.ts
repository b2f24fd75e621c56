import { JSONCodec, type ConsumerMessages, type JetStreamClient, type JsMsg } from 'nats';
import { EventTypes, type EventEnvelope } from '@momentum/contracts';
import { decodeLiveEvent, type LiveEvent } from './live-event.js';
import type { ProjectTeams } from './project-teams.js';
import { eventRoutes } from './routes.js';
import { SubscriberIndex } from './subscriber-index.js';

const codec = JSONCodec<EventEnvelope>();

/** What the hub hands each event to; a subscriber judges it and never blocks the hub. */
export interface LiveSubscriber {
  deliver(event: LiveEvent): void;
  /** The routes it is offered events under (live/routes.ts: `viewerRoutes`). */
  routes(): readonly string[];
}

/** The sequences the live stream still holds (0 and 0 when it is empty). */
export interface StreamBounds {
  first: number;
  last: number;
}

export interface HubSource {
  js: JetStreamClient;
  stream: string;
  prefix: string;
  bounds(): Promise<StreamBounds>;
  /** Makes the stream again if NATS lost it (a restart without its store). */
  ensure(): Promise<void>;
}

/** How long the hub waits before reading again after its consumer failed. */
const RETRY_MS = 1000;

/**
 * One reader of the live stream per gateway process, whatever the number of clients: each
 * event is fetched and decoded once (its issue's team looked up once) and offered to the open
 * streams filed under its routes (its team's members, its owner, its recipient; every stream
 * for a change of access), each of which keeps what its viewer may see. A client resuming
 * from an older cursor reads the gap with a consumer of its own (`replay`), then joins.
 */
export class LiveHub {
  private readonly subscribers = new SubscriberIndex<LiveSubscriber>();
  private messages: ConsumerMessages | null = null;
  private stopped = false;
  /** The last sequence handed to the subscribers. */
  position = 0;

  private constructor(
    private readonly source: HubSource,
    private readonly teams: ProjectTeams,
  ) {}

  /** Starts reading after what the stream holds now: a hub relays what happens from then on. */
  static async start(source: HubSource, teams: ProjectTeams): Promise<LiveHub> {
    const hub = new LiveHub(source, teams);
    hub.position = (await source.bounds()).last;
    await hub.read();
    void hub.run();
    return hub;
  }

  /** Opens the consumer after the position. */
  private async read(): Promise<void> {
    const consumer = await this.source.js.consumers.get(this.source.stream, {
      opt_start_seq: this.position + 1,
    });
    this.messages = await consumer.consume({ max_messages: 256 });
  }

  /**
   * Relays until stopped. Should the consumer end (NATS restarted, the stream lost), it
   * reads again from where it was; a stream made anew starts over from its end (clients
   * resuming with an older cursor then get `reset`).
   */
  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        if (!this.messages) {
          await this.source.ensure();
          const { last } = await this.source.bounds();
          if (this.position > last) this.position = last;
          await this.read();
        }
        await this.relay(this.messages!);
      } catch {
        // Read again below.
      }
      this.messages = null;
      if (!this.stopped) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  get size(): number {
    return this.subscribers.size;
  }

  /** From now on `subscriber` gets every event after the returned sequence. */
  attach(subscriber: LiveSubscriber): number {
    this.subscribers.add(subscriber, subscriber.routes());
    return this.position;
  }

  /** Files `subscriber` again after its routes changed (its viewer's teams). */
  refile(subscriber: LiveSubscriber): void {
    this.subscribers.refile(subscriber, subscriber.routes());
  }

  detach(subscriber: LiveSubscriber): void {
    this.subscribers.remove(subscriber);
  }

  bounds(): Promise<StreamBounds> {
    return this.source.bounds();
  }

  /** The events from `from` to `to` (both included) in order, read by a consumer of their own. */
  async *replay(from: number, to: number): AsyncGenerator<LiveEvent> {
    if (from > to) return;
    const consumer = await this.source.js.consumers.get(this.source.stream, {
      opt_start_seq: from,
    });
    const messages = await consumer.consume({ max_messages: 256 });
    try {
      for await (const msg of messages) {
        yield await this.decode(msg);
        if (msg.seq >= to || msg.info.pending === 0) break;
      }
    } finally {
      await messages.close().catch(() => undefined);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close().catch(() => undefined);
    this.subscribers.clear();
  }

  private async relay(messages: ConsumerMessages): Promise<void> {
    for await (const msg of messages) {
      const event = await this.decode(msg);
      this.position = event.seq;
      this.subscribers.forEach(eventRoutes(event), (subscriber) => subscriber.deliver(event));
    }
  }

  private async decode(msg: JsMsg): Promise<LiveEvent> {
    const source = msg.subject.slice(this.source.prefix.length + 1);
    let envelope: EventEnvelope;
    try {
      envelope = codec.decode(msg.data);
    } catch {
      envelope = { id: '', type: source, occurredAt: '', actor: null, data: null };
    }
    if (source === EventTypes.projects.projectCreated) {
      const data = envelope.data as { id?: unknown; teamId?: unknown } | null;
      if (typeof data?.id === 'string' && typeof data.teamId === 'string')
        this.teams.remember(data.id, data.teamId);
    }
    return decodeLiveEvent(msg.seq, source, envelope, (id) => this.teams.teamOf(id));
  }
}
