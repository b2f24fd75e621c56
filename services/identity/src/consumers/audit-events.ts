import type { EventEnvelope } from '@momentum/contracts';
import type { EventBus } from '@momentum/messaging';
import { auditedFrom } from '../domain/audit.js';

/**
 * The team audit log is fed from the streams (`identity-audit-<service>`, one durable consumer
 * shared by every replica): identity's own membership and invitation events, which leave
 * the outbox of the write that made them, and the agents service's. Recording is idempotent
 * (the event id is the entry's), so a redelivery records nothing twice.
 */
export async function consumeAuditedEvents(
  bus: EventBus,
  record: (event: EventEnvelope) => Promise<void>,
): Promise<void> {
  await bus.consume({
    from: 'identity',
    durable: 'identity-audit-identity',
    types: auditedFrom('identity'),
    handler: record,
  });
  await bus.consume({
    from: 'agents',
    durable: 'identity-audit-agents',
    types: auditedFrom('agents'),
    handler: record,
  });
}
