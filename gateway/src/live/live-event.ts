import {
  EventTypes,
  audienceOf,
  entryForSource,
  messageOf,
  type Audience,
  type EventEnvelope,
  type EventTypeEntry,
} from '@momentum/contracts';

/** The public type a live stream gives an inbox entry (`?types=notification`). */
export const NOTIFICATION = 'notification';

/** One event of the live stream, decoded once and shared by every client it goes to. */
export interface LiveEvent {
  /** Its sequence in the live stream: the SSE `id`, the cursor a client resumes after. */
  seq: number;
  /** The internal type, e.g. `issues.issue.updated`. */
  source: string;
  /** The public type: `notification`, or the webhook catalogue's (`issue.updated`). */
  type: string | null;
  envelope: EventEnvelope;
  entry: EventTypeEntry | undefined;
  /** Whom it concerns (an issue's team looked up), null when nobody or unknown. */
  audience: Audience | null;
  /** For an inbox entry: whose inbox. */
  recipient: { type: string; id: string } | null;
  /** What the client reads: the notification, or the webhook message of a domain event. */
  payload: unknown;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The recipient and notification of a `notifications.notification.created` event. */
function inboxEntry(data: unknown): { recipient: LiveEvent['recipient']; notification: unknown } {
  if (!isRecord(data) || !isRecord(data.recipient) || !isRecord(data.notification))
    return { recipient: null, notification: null };
  const { type, id } = data.recipient;
  return typeof type === 'string' && typeof id === 'string'
    ? { recipient: { type, id }, notification: data.notification }
    : { recipient: null, notification: null };
}

/**
 * Reads one stored event. The team of an issue-family event (which names its project only)
 * is asked of `teamOf` once, here, not once per client.
 */
export async function decodeLiveEvent(
  seq: number,
  source: string,
  envelope: EventEnvelope,
  teamOf: (projectId: string) => Promise<string | null>,
): Promise<LiveEvent> {
  const base = { seq, source, envelope, entry: undefined, audience: null, recipient: null };
  if (source === EventTypes.notifications.notificationCreated) {
    const { recipient, notification } = inboxEntry(envelope.data);
    return { ...base, type: recipient ? NOTIFICATION : null, recipient, payload: notification };
  }
  const entry = entryForSource(source);
  if (!entry) return { ...base, type: null, payload: null };
  let audience = audienceOf(entry.family, envelope.data);
  if (audience?.projectId && !audience.teamId)
    audience = { ...audience, teamId: await teamOf(audience.projectId) };
  return {
    ...base,
    type: entry.type,
    entry,
    audience,
    payload: messageOf(entry, envelope, audience?.teamId ?? null),
  };
}

const frames = new WeakMap<LiveEvent, Buffer>();

/**
 * The SSE frame of an event: `id`, `event` and one `data` line (JSON has no raw newline).
 * Serialized and encoded once per event, whatever the number of streams it goes to: each
 * stream writes the same bytes.
 */
export function frameOf(event: LiveEvent): Buffer {
  let frame = frames.get(event);
  if (frame === undefined) {
    frame = Buffer.from(
      `id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event.payload)}\n\n`,
    );
    frames.set(event, frame);
  }
  return frame;
}
