import type { FastifyInstance } from 'fastify';
import {
  AuditEntryView,
  ListAuditQuery,
  TeamParams,
  cappedTotal,
  pageMeta,
  pageOf,
} from '@momentum/contracts';
import { defineRoute } from '@momentum/http';
import type { IdentityDeps } from '../deps.js';
import { teamAudit } from '../usecases/audit.js';
import { auditEntryView } from './replies.js';

export function registerAuditRoutes(app: FastifyInstance, deps: IdentityDeps) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/api/teams/:id/audit',
      summary: "The team's audit log, newest first (paged by cursor)",
      description:
        'Owners and admins of the team. Membership, role and invitation changes, and changes of the team’s agents and their keys, with who did each and when; kept `AUDIT_RETENTION_DAYS` (365). `meta.nextCursor` passed back as `after` gives the next page.',
      operationId: 'listTeamAudit',
      tags: ['teams'],
      params: TeamParams,
      query: ListAuditQuery,
      response: { status: 200, schema: pageOf(AuditEntryView) },
      errors: [403],
    },
    async ({ actor, params, query }) => {
      const { entries, total, nextCursor } = await teamAudit(deps, actor, params.id, query);
      return {
        data: entries.map(auditEntryView),
        meta: pageMeta(cappedTotal(total), { page: 1, limit: query.limit }, nextCursor),
      };
    },
  );
}
