import type { DocumentLeases, Fence } from '@momentum/storage';

/**
 * The leases that keep the issue graphs free of cycles across processes. A cycle check
 * reads many links and then writes one; two such checks running at once could each pass
 * and together close a cycle (X under Y and Y under X). Every change that could close a
 * cycle holds the leases of the part of the graph it read from its check to its write, so
 * such changes happen one after the other, each seeing what the one before wrote. The
 * leases are fenced (DocumentLeases): a holder paused past its lease has its write undone.
 */
export class LinkLeases {
  constructor(private readonly leases: DocumentLeases) {}

  /**
   * Parent links never leave a project (a parent is an issue of the same project), so a
   * parent cycle lies within one project: one lease per project.
   */
  parents<T>(projectId: string, work: (fence: Fence) => Promise<T>): Promise<T> {
    return this.leases.with(`issues:links:parents:${projectId}`, work);
  }

  /**
   * Blocker links may join issues of any projects. A new link X→Y closes a cycle only
   * through issues reachable from Y, so the check holds the lease of every project such an
   * issue is in (and X's): two additions that could together close a cycle both reach a
   * project of the other's and take turns there. The caller grows `projectIds` until its
   * search reached no project outside them.
   */
  blockers<T>(projectIds: readonly string[], work: (fence: Fence) => Promise<T>): Promise<T> {
    return this.leases.with(
      projectIds.map((p) => `issues:links:blockers:${p}`),
      work,
    );
  }
}
