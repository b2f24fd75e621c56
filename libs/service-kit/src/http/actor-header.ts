import { createHmac, timingSafeEqual } from 'node:crypto';
import { ActorSchema, type Actor } from '@momentum/contracts';

/**
 * The gateway forwards the resolved actor in a header signed with the internal secret
 * (HMAC-SHA256 over timestamp and payload). Services trust nothing else.
 */
export const ActorHeaders = {
  actor: 'x-momentum-actor',
  timestamp: 'x-momentum-actor-ts',
  signature: 'x-momentum-actor-sig',
} as const;

const MAX_SKEW_MS = 5 * 60_000;

export function signActor(actor: Actor, secret: string, now = Date.now()): Record<string, string> {
  const payload = Buffer.from(JSON.stringify(actor)).toString('base64url');
  const ts = String(now);
  return {
    [ActorHeaders.actor]: payload,
    [ActorHeaders.timestamp]: ts,
    [ActorHeaders.signature]: mac(secret, ts, payload),
  };
}

export function verifyActor(
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  now = Date.now(),
): Actor | null {
  const payload = headers[ActorHeaders.actor];
  const ts = headers[ActorHeaders.timestamp];
  const sig = headers[ActorHeaders.signature];
  if (typeof payload !== 'string' || typeof ts !== 'string' || typeof sig !== 'string') return null;
  if (!/^\d{1,16}$/.test(ts) || Math.abs(now - Number(ts)) > MAX_SKEW_MS) return null;
  const expected = Buffer.from(mac(secret, ts, payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const parsed = ActorSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function mac(secret: string, ts: string, payload: string): string {
  return createHmac('sha256', secret).update(`${ts}.${payload}`).digest('base64url');
}
