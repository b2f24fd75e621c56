import { signatureHeader } from '../domain/signature.js';

/**
 * The Standard Webhooks headers of one attempt. `webhook-id` is the event's id, the same
 * on every attempt (and redelivery), so a receiver can drop repeats; the timestamp is the
 * attempt's own, which the signature covers, so a captured request cannot be replayed
 * later than the receiver's tolerance.
 */
export function messageHeaders(
  messageId: string,
  body: string,
  secrets: readonly string[],
  now: Date,
): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'Momentum-Webhooks/1.0',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatureHeader(secrets, messageId, timestamp, body),
  };
}
