import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_PREFIX, REFRESH_TOKEN_PREFIX } from '@momentum/contracts';

export type TokenKind = 'access' | 'refresh';

const PREFIX: Record<TokenKind, string> = {
  access: ACCESS_TOKEN_PREFIX,
  refresh: REFRESH_TOKEN_PREFIX,
};

/** SHA-256 hex: what identity stores of codes and tokens (they carry 256 random bits). */
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** A new opaque token `<prefix><id>_<secret>`: the id finds its record, the hash checks it. */
export function newToken(kind: TokenKind): { raw: string; id: string; hash: string } {
  const id = randomBytes(12).toString('base64url');
  const raw = `${PREFIX[kind]}${id}_${randomBytes(32).toString('base64url')}`;
  return { raw, id, hash: sha256Hex(raw) };
}

/** The id and hash of a presented token of that kind, or null when it is not one. */
export function parseToken(kind: TokenKind, raw: string): { id: string; hash: string } | null {
  const m = new RegExp(`^${PREFIX[kind]}([A-Za-z0-9_-]{16})_[A-Za-z0-9_-]{43}$`).exec(raw);
  return m ? { id: m[1]!, hash: sha256Hex(raw) } : null;
}

/** A new authorization code (only its hash is kept). */
export function newCode(): { raw: string; hash: string } {
  const raw = randomBytes(32).toString('base64url');
  return { raw, hash: sha256Hex(raw) };
}
