import type { OpenApiDocument } from '@momentum/http';
import { identityDocument } from '@momentum/identity/openapi';
import { habitsDocument } from '@momentum/habits/openapi';
import { projectsDocument } from '@momentum/projects/openapi';
import { issuesDocument } from '@momentum/issues/openapi';
import { agentsDocument } from '@momentum/agents/openapi';
import { webhooksDocument } from '@momentum/webhooks/openapi';
import { notificationsDocument } from '@momentum/notifications/openapi';
import { gatewayDocument, upstreamUrls, type GatewayConfig } from '@momentum/gateway/docs';

/** Each service's document from its route definitions, in the gateway's upstream order. */
const SERVICES = [
  { service: 'identity', document: identityDocument },
  { service: 'habits', document: habitsDocument },
  { service: 'projects', document: projectsDocument },
  { service: 'issues', document: issuesDocument },
  { service: 'agents', document: agentsDocument },
  { service: 'webhooks', document: webhooksDocument },
  { service: 'notifications', document: notificationsDocument },
];

/**
 * The gateway's public document, as the stack serves it at `/openapi.json`: each service's
 * document generated from its route definitions (no engine, bus or stack), merged by the
 * gateway's own merge.
 */
export async function buildDocument(): Promise<OpenApiDocument> {
  // A service the gateway forwards to but this list lacks would be missing from the client.
  const upstreams = Object.keys(upstreamUrls({} as GatewayConfig));
  const listed = SERVICES.map((s) => s.service);
  if (upstreams.join() !== listed.join())
    throw new Error(
      `scripts/openapi lists ${listed.join(', ')}; the gateway forwards to ${upstreams.join(', ')}`,
    );
  const documents = await Promise.all(
    SERVICES.map(async ({ service, document }) => ({ service, doc: await document() })),
  );
  const doc = gatewayDocument(documents);
  if (doc['x-conflicts'])
    throw new Error(`schemas differ between services: ${doc['x-conflicts'].join(', ')}`);
  return doc;
}
