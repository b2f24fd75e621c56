import { inject } from 'vitest';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';
import { gatewayUrl } from './e2e.js';

/** One Server-Sent Events frame as the stream wrote it (a comment has `comment` alone). */
export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  comment?: string;
  /** When the client read it (Date.now()). */
  at?: number;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** Every frame read so far, in order. */
  frames: SseFrame[];
  /** The frames that are events (they carry data). */
  events(type?: string): SseFrame[];
  /** Waits until `check` holds over the frames read, or fails after `timeoutMs`. */
  until(check: (frames: SseFrame[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): void;
  /** Whether the server ended the stream. */
  ended: boolean;
  /** The error body of a refused stream. */
  body?: any;
}

function parseFrame(block: string): SseFrame | null {
  const frame: SseFrame = {};
  for (const line of block.split('\n')) {
    if (line === '') continue;
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    const at = line.indexOf(':');
    const field = at < 0 ? line : line.slice(0, at);
    const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
    if (field === 'id' || field === 'event') frame[field] = value;
    if (field === 'data') frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
  }
  return Object.keys(frame).length ? frame : null;
}

/** Opens `GET /api/events` as a client would, reading frames as they come. */
export async function openEvents(
  key: string | null,
  { query = '', lastEventId, url }: { query?: string; lastEventId?: string; url?: string } = {},
): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(`${url ?? gatewayUrl()}/api/events${query}`, {
    headers: {
      accept: 'text/event-stream',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(lastEventId !== undefined ? { 'last-event-id': lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const frames: SseFrame[] = [];
  const waiters = new Set<() => void>();
  const stream: SseStream = {
    status: res.status,
    headers: res.headers,
    frames,
    events: (type) => frames.filter((f) => f.data !== undefined && (!type || f.event === type)),
    until: (check, timeoutMs = 10_000) =>
      new Promise<void>((resolve, reject) => {
        if (check(frames)) return resolve();
        const timer = setTimeout(() => {
          waiters.delete(test);
          reject(
            new Error(
              `stream: condition not met in ${timeoutMs} ms; read: ${JSON.stringify(frames.slice(-5))}`,
            ),
          );
        }, timeoutMs);
        const test = () => {
          if (!check(frames)) return;
          clearTimeout(timer);
          waiters.delete(test);
          resolve();
        };
        waiters.add(test);
      }),
    close: () => abort.abort(),
    ended: false,
  };
  if (res.status !== 200) {
    stream.body = await res.json();
    return stream;
  }
  void (async () => {
    const decoder = new TextDecoder();
    let text = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        text += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = text.indexOf('\n\n')) >= 0) {
          const frame = parseFrame(text.slice(0, end));
          text = text.slice(end + 2);
          if (frame) frames.push({ ...frame, at: Date.now() });
        }
        for (const waiter of [...waiters]) waiter();
      }
      stream.ended = true;
    } catch {
      /* aborted */
    }
    for (const waiter of [...waiters]) waiter();
  })();
  return stream;
}

/** The JSON of an event frame. */
export const dataOf = (frame: SseFrame): any => JSON.parse(frame.data ?? 'null');

/**
 * Publishes inbox entries as the notifications service will (issue 49): one
 * `notifications.notification.created` event per recipient on the notifications stream.
 */
export async function notificationPublisher(): Promise<{
  publish(
    recipient: { type: 'user' | 'agent'; id: string },
    notification?: object,
  ): Promise<string>;
  close(): Promise<void>;
}> {
  const env = inject('stackEnv');
  const prefix = env.EVENT_PREFIX!;
  const nc: NatsConnection = await connect({ servers: env.NATS_URL });
  const jsm = await nc.jetstreamManager();
  const stream = `${prefix}_notifications`.toUpperCase();
  await jsm.streams.info(stream).catch(() =>
    jsm.streams.add({
      name: stream,
      subjects: [`${prefix}.notifications.>`],
      duplicate_window: 120_000_000_000,
    }),
  );
  const js = nc.jetstream();
  const codec = JSONCodec();
  return {
    async publish(recipient, extra = {}) {
      const id = randomUUID();
      const notification = {
        id,
        type: 'issue.assigned',
        read: false,
        createdAt: new Date().toISOString(),
        actor: { type: 'user', id: randomUUID(), name: 'Ada' },
        subject: { type: 'issue', id: randomUUID(), identifier: 'ENG-1', title: 'Ship it' },
        ...extra,
      };
      await js.publish(
        `${prefix}.notifications.notification.created`,
        codec.encode({
          id: randomUUID(),
          type: 'notifications.notification.created',
          occurredAt: notification.createdAt,
          actor: null,
          data: { recipient, notification },
        }),
      );
      return id;
    },
    close: () => nc.close(),
  };
}
