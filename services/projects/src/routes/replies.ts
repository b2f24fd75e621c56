import type { ProjectCounts, ProjectViewData } from '@momentum/contracts';
import type { ProjectDoc } from '../store/models.js';

export const projectView = (p: ProjectDoc, counts: ProjectCounts): ProjectViewData => ({
  id: p._id,
  teamId: p.teamId,
  name: p.name,
  slug: p.slug,
  key: p.key,
  description: p.description ?? null,
  icon: p.icon ?? null,
  color: p.color ?? null,
  status: p.status,
  leadId: p.leadId ?? null,
  startDate: p.startDate ?? null,
  targetDate: p.targetDate ?? null,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  _count: counts,
});
