import { forbidden, type Actor } from '@momentum/contracts';

/** Agents act for their owner but cannot create principals, teams or keys. */
export function requireHuman(actor: Actor, what: string): void {
  if (actor.type !== 'user') throw forbidden(`Agents cannot ${what}`);
}

export function requireAdmin(actor: Actor): void {
  requireHuman(actor, 'create users');
  if (!actor.isAdmin) throw forbidden('Only an admin can create users');
}
