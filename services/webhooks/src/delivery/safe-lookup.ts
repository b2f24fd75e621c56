import type { LookupFunction } from 'node:net';
import { isPublicAddress } from '../domain/address.js';
import type { Resolve } from '../clients/resolver.js';

/** The code of the error that refuses a forbidden address. */
export const FORBIDDEN_ADDRESS = 'WEBHOOK_FORBIDDEN_ADDRESS';

/**
 * What the delivery log says of a refused target, and of a name that does not resolve, alike:
 * the log is shown to the subscription's owner, who must learn neither what an internal name
 * resolved to nor, by telling "not allowed" from "does not resolve", which internal names
 * exist.
 */
export const ADDRESS_NOT_ALLOWED = 'address not allowed or does not resolve';

export class ForbiddenAddressError extends Error {
  readonly code = FORBIDDEN_ADDRESS;
  constructor() {
    super(ADDRESS_NOT_ALLOWED);
  }
}

/**
 * The `lookup` the sender's sockets use: the host is resolved here, every address is
 * checked, and the socket connects to exactly the addresses checked. Checking in a
 * separate step before connecting would let DNS answer differently the second time
 * (rebinding). A host with any forbidden address is refused, not filtered: a name that
 * mixes public and private addresses is not one to trust.
 */
export function safeLookup(resolve: Resolve, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((all) => {
        const addresses = options.family ? all.filter((a) => a.family === options.family) : all;
        const forbidden = allowPrivate ? undefined : all.find((a) => !isPublicAddress(a.address));
        if (forbidden) throw new ForbiddenAddressError();
        const first = addresses[0];
        if (!first)
          throw Object.assign(new Error(`${hostname} did not resolve`), { code: 'ENOTFOUND' });
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      })
      .catch((err: NodeJS.ErrnoException) => callback(err, '', 0));
  };
}
