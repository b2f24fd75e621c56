import type { DocumentLeases } from '@momentum/service-kit/storage';

/**
 * The leases that keep the issue graphs free of cycles across processes. A cycle check
 * reads many links and then writes one; two such checks running at once could each pass
 * and together close a cycle (X under Y and Y under X). Every change that could close a
 * cycle holds the lease of its graph from its check to its write, so such changes happen
 * one after the other, each seeing what the one before wrote.
 */
export class LinkLeases {
  constructor(private readonly leases: DocumentLeases) {}

  /**
   * Parent links never leave a project (a parent is an issue of the same project), so a
   * parent cycle lies within one project: one lease per project.
   */
  parents<T>(projectId: string, work: () => Promise<T>): Promise<T> {
    return this.leases.with(`issues:parents:${projectId}`, work);
  }

  /**
   * Blocker links may join any two issues the caller sees, across projects and teams, so
   * a blocker cycle can pass through any of them: one lease for the whole graph. (One per
   * team would not do: A→B added in team T and C→D in team U could close A→B→C→D→A over
   * links that already cross between the teams.)
   */
  blockers<T>(work: () => Promise<T>): Promise<T> {
    return this.leases.with('issues:blockers', work);
  }
}
