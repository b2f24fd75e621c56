import {
  createHmac,
  createSecretKey,
  hash,
  randomUUID,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { ActorSchema, type Actor } from '@momentum/contracts';

/**
 * The gateway (or a service calling another) forwards the resolved actor in headers signed
 * with an HMAC-SHA256 that covers the caller's name, the method, the path with its query, a
 * SHA-256 digest of the body, the actor, the time and a nonce: a captured set of headers is
 * good for that one request, for SIGNATURE_WINDOW_MS, and nowhere else; and each service
 * process takes a nonce once (nonce-set.ts). Services trust nothing else.
 */
export const ActorHeaders = {
  actor: 'x-momentum-actor',
  timestamp: 'x-momentum-actor-ts',
  signature: 'x-momentum-actor-sig',
  caller: 'x-momentum-caller',
  body: 'x-momentum-body-sha256',
  nonce: 'x-momentum-nonce',
} as const;

/**
 * How long a signed request is good for, either side of now (clock skew included), by default
 * (`SIGNATURE_WINDOW_MS` sets it per service). Short, since it bounds a replay to a process the
 * request never reached. A request queued at a stalled process past it is refused 401 marked
 * expired before any handler runs; the gateway turns that into a retryable 503 and frees the
 * Idempotency-Key, so the client's retry (signed afresh) completes it.
 */
export const SIGNATURE_WINDOW_MS = 5_000;

/** A nonce as signActor makes it (a UUID), or any caller's of 16 to 64 URL-safe characters. */
const NONCE = /^[A-Za-z0-9_-]{16,64}$/;

/** The caller name of the one shared INTERNAL_SECRET (deployments without per-service keys). */
export const SHARED_CALLER = 'internal';

/** Who signs and with which key: a process's own key toward one service. */
export interface Signer {
  caller: string;
  key: string;
}

/** The keys a service accepts, by caller name. */
export type TrustedKeys = ReadonlyMap<string, string>;

/** What a signature binds besides the actor. `bodyDigest` is bodyDigest() of the bytes sent. */
export interface SignedRequest {
  method: string;
  /** The path with its query string, as the receiving service sees it. */
  url: string;
  bodyDigest?: string;
}

export const bodyDigest = (body?: string | Uint8Array | null) =>
  hash('sha256', body ?? '', 'base64url');
export const EMPTY_BODY_DIGEST = bodyDigest();

const signerOf = (s: string | Signer): Signer =>
  typeof s === 'string' ? { caller: SHARED_CALLER, key: s } : s;
const trustedOf = (t: string | TrustedKeys): TrustedKeys =>
  typeof t === 'string' ? new Map([[SHARED_CALLER, t]]) : t;

/**
 * An actor's header value, encoded once per actor object: the gateway signs the same cached
 * actor for every request of a key (actors are never changed once made; a changed grant is a
 * new object).
 */
const encoded = new WeakMap<Actor, string>();
function actorPayload(actor: Actor): string {
  let payload = encoded.get(actor);
  if (payload === undefined) {
    payload = Buffer.from(JSON.stringify(actor)).toString('base64url');
    encoded.set(actor, payload);
  }
  return payload;
}

/**
 * Actors as verified, by header value (at most DECODED_MAX, then started afresh): a caller
 * sends the same few actors again and again, each decoded and checked once. Frozen, since
 * every request of that actor shares the object.
 */
const DECODED_MAX = 1000;
const decoded = new Map<string, Actor | null>();
function decodeActor(payload: string): Actor | null {
  let actor = decoded.get(payload);
  if (actor !== undefined) return actor;
  try {
    const parsed = ActorSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString()));
    actor = parsed.success ? deepFreeze(parsed.data) : null;
  } catch {
    actor = null;
  }
  // Only actors that verified get here (the MAC is checked first), so the map holds no
  // attacker's junk beyond what a trusted caller signed.
  if (decoded.size >= DECODED_MAX) decoded.clear();
  decoded.set(payload, actor);
  return actor;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

export function signActor(
  actor: Actor,
  signer: string | Signer,
  request: SignedRequest,
  now = Date.now(),
): Record<string, string> {
  const { caller, key } = signerOf(signer);
  const payload = actorPayload(actor);
  const ts = String(now);
  const digest = request.bodyDigest ?? EMPTY_BODY_DIGEST;
  // randomUUID draws from a cached pool of entropy: the cheapest unique value node makes.
  const nonce = randomUUID();
  return {
    [ActorHeaders.actor]: payload,
    [ActorHeaders.timestamp]: ts,
    [ActorHeaders.caller]: caller,
    [ActorHeaders.body]: digest,
    [ActorHeaders.nonce]: nonce,
    [ActorHeaders.signature]: mac(key, [
      ts,
      caller,
      request.method,
      request.url,
      digest,
      payload,
      nonce,
    ]),
  };
}

/**
 * A verified request: who acts, which process called, the body digest it vouched for, and
 * its nonce (to be taken once: nonce-set.ts).
 */
export interface VerifiedRequest {
  actor: Actor;
  caller: string;
  bodyDigest: string;
  nonce: string;
}

type Headers = Record<string, string | string[] | undefined>;

/**
 * The response header a service sets on its 401 to a request its caller signed correctly but
 * that arrived outside the window (the service stalled with it queued, or clocks apart): the
 * request was never run, so the gateway may answer a retryable 503 instead (proxies.ts).
 */
export const SIGNATURE_EXPIRED_HEADER = 'x-momentum-signature-expired';

/**
 * The actor of a request signed by a trusted caller for this method and URL within the
 * window, or null. The body digest is vouched for here; that the body matches it is checked
 * once the body is read (signed-actor.ts).
 */
export function verifyRequest(
  headers: Headers,
  trusted: string | TrustedKeys,
  request: { method: string; url: string },
  now = Date.now(),
): VerifiedRequest | null {
  const checked = checkRequest(headers, trusted, request, now);
  return checked === 'expired' ? null : checked;
}

/**
 * verifyRequest, telling apart a request whose signature is right but whose time is outside
 * the window (`'expired'`): the MAC is checked first, so only what a trusted caller signed is
 * ever called expired.
 */
export function checkRequest(
  headers: Headers,
  trusted: string | TrustedKeys,
  request: { method: string; url: string },
  now = Date.now(),
  windowMs = SIGNATURE_WINDOW_MS,
): VerifiedRequest | 'expired' | null {
  const payload = headers[ActorHeaders.actor];
  const ts = headers[ActorHeaders.timestamp];
  const sig = headers[ActorHeaders.signature];
  const caller = headers[ActorHeaders.caller];
  const digest = headers[ActorHeaders.body];
  const nonce = headers[ActorHeaders.nonce];
  if (
    typeof payload !== 'string' ||
    typeof ts !== 'string' ||
    typeof sig !== 'string' ||
    typeof caller !== 'string' ||
    typeof digest !== 'string' ||
    typeof nonce !== 'string' ||
    !NONCE.test(nonce)
  )
    return null;
  if (!/^\d{1,16}$/.test(ts)) return null;
  const key = trustedOf(trusted).get(caller);
  if (!key) return null;
  const expected = Buffer.from(
    mac(key, [ts, caller, request.method, request.url, digest, payload, nonce]),
  );
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (Math.abs(now - Number(ts)) > windowMs) return 'expired';
  const actor = decodeActor(payload);
  return actor ? { actor, caller, bodyDigest: digest, nonce } : null;
}

/** The actor alone (tests, and callers that check the body themselves). */
export const verifyActor = (
  headers: Headers,
  trusted: string | TrustedKeys,
  request: { method: string; url: string },
  now = Date.now(),
): Actor | null => verifyRequest(headers, trusted, request, now)?.actor ?? null;

/**
 * Each signing key as a KeyObject, made once: handing createHmac the string made it convert
 * and import the key on every request, a sizeable part of an HMAC's cost.
 */
const keyObjects = new Map<string, KeyObject>();
function keyObjectOf(key: string): KeyObject {
  let object = keyObjects.get(key);
  if (!object) {
    object = createSecretKey(Buffer.from(key));
    keyObjects.set(key, object);
  }
  return object;
}

function mac(key: string, parts: string[]): string {
  return createHmac('sha256', keyObjectOf(key))
    .update(parts.map((p, i) => (i === 2 ? p.toUpperCase() : p)).join('\n'))
    .digest('base64url');
}
