import type { FastifyReply } from 'fastify';

/**
 * The reply header by which identity tells the gateway whose teams a write changed (user
 * ids, comma-separated): the gateway that carried the write drops those users' cached actors
 * before it answers, so the caller's next request never meets their old teams. The gateway
 * never passes it on to the client.
 */
export const MEMBERSHIPS_CHANGED_HEADER = 'x-momentum-memberships-changed';

/** Says on a reply that these users' teams changed. */
export function markMembershipsChanged(reply: FastifyReply, ...userIds: string[]): void {
  reply.header(MEMBERSHIPS_CHANGED_HEADER, userIds.join(','));
}

/** The user ids a reply header names (at most 100: a write changes one or two). */
export function changedMembers(value: unknown): string[] {
  if (typeof value !== 'string' || !value) return [];
  return value.split(',', 100).filter((id) => /^[\w-]{1,64}$/.test(id));
}
