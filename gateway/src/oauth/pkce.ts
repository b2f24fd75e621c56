import { createHash } from 'node:crypto';

/** RFC 7636 §4.1: 43 to 128 characters of the unreserved set. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge: 43 characters of base64url (a SHA-256 without padding). */
const CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export const isVerifier = (value: string) => VERIFIER.test(value);
export const isS256Challenge = (value: string) => CHALLENGE.test(value);

/** The S256 challenge of a verifier: BASE64URL(SHA256(ASCII(verifier))). */
export const s256 = (verifier: string) =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url');
