import {
  AppError,
  CATALOGUE,
  FAMILY_READ_SCOPE,
  validationError,
  type ApiScope,
} from '@momentum/contracts';
import { NOTIFICATION } from './live-event.js';

/** The scope that lets a key read the inbox, as `GET /api/notifications` needs. */
export const NOTIFICATIONS_READ: ApiScope = 'notifications:read';

/**
 * The webhook catalogue's types a stream carries as they are: an inbox entry
 * (`notification.created`) comes as `notification`, to its recipient alone.
 */
const DOMAIN = CATALOGUE.filter((e) => e.family !== 'notification');

/** Every type a live stream may carry: the inbox, then the domain events. */
export const LIVE_TYPES: readonly string[] = [NOTIFICATION, ...DOMAIN.map((e) => e.type)];

const READ_SCOPE = new Map<string, string>([
  [NOTIFICATION, NOTIFICATIONS_READ],
  ...DOMAIN.map((e) => [e.type, FAMILY_READ_SCOPE[e.family]] as [string, string]),
]);

/** The read scope a type needs: what reading the same thing through the API needs. */
export const readScopeOf = (type: string): string => READ_SCOPE.get(type)!;

/**
 * What a stream carries: the types of `?types=` (comma-separated), or without it every type
 * the key may read. An unknown type is 422; a named type outside the key's scopes is 403
 * naming the scope, as the REST route that reads it would be; a key that may read no type
 * at all is 403 too.
 */
export function streamTypes(
  query: string | undefined,
  scopes: readonly string[] | null | undefined,
): Set<string> {
  const may = (type: string) => !scopes || scopes.includes(readScopeOf(type));
  if (query === undefined || query.trim() === '') {
    const types = LIVE_TYPES.filter(may);
    if (!types.length) throw lacking(readScopeOf(LIVE_TYPES[0]!));
    return new Set(types);
  }
  const asked = query
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const unknown = asked.find((t) => !LIVE_TYPES.includes(t));
  if (unknown !== undefined)
    throw validationError(`unknown event type "${unknown.slice(0, 60)}"`, {
      field: 'types',
      rule: 'unknown_type',
      value: unknown.slice(0, 100),
      allowed: LIVE_TYPES,
    });
  const refused = asked.find((t) => !may(t));
  if (refused !== undefined) throw lacking(readScopeOf(refused));
  return new Set(asked);
}

const lacking = (scope: string) =>
  new AppError(
    'FORBIDDEN',
    `This API key lacks the scope ${scope}, which reading these events requires`,
    { requiredScope: scope as ApiScope },
  );
