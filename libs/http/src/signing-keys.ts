import type { Signer, TrustedKeys } from './actor-header.js';

export interface SigningConfig {
  INTERNAL_SECRET: string;
  SIGNING_KEYS?: string | undefined;
  TRUSTED_SIGNING_KEYS?: string | undefined;
  /** The signatures' window (actor-header.ts); its default when absent. */
  SIGNATURE_WINDOW_MS?: number | undefined;
}

/** `name=key,name=key` → a map; throws naming the variable on a malformed entry or short key. */
export function parseKeyList(list: string, variable: string): Map<string, string> {
  const keys = new Map<string, string>();
  for (const entry of list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.indexOf('=');
    const name = entry.slice(0, at);
    const key = entry.slice(at + 1);
    if (at <= 0 || !/^[a-z][a-z0-9-]*$/.test(name))
      throw new Error(`${variable}: entries are name=key (got one without a name)`);
    if (key.length < 32) throw new Error(`${variable}: the key for ${name} is under 32 characters`);
    keys.set(name, key);
  }
  return keys;
}

/** What `self` signs with toward `target`: its own key for that pair, else the shared secret. */
export function signerToward(config: SigningConfig, self: string, target: string): string | Signer {
  if (!config.SIGNING_KEYS) return config.INTERNAL_SECRET;
  const key = parseKeyList(config.SIGNING_KEYS, 'SIGNING_KEYS').get(target);
  if (!key) throw new Error(`SIGNING_KEYS has no key for ${target}, which ${self} calls`);
  return { caller: self, key };
}

/** The keys a service accepts: its callers' when listed (the shared secret then is not). */
export function trustedKeys(config: SigningConfig): string | TrustedKeys {
  return config.TRUSTED_SIGNING_KEYS
    ? parseKeyList(config.TRUSTED_SIGNING_KEYS, 'TRUSTED_SIGNING_KEYS')
    : config.INTERNAL_SECRET;
}
