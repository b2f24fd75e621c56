/**
 * Subscribers filed under routes (live/routes.ts): an event is offered to those filed under
 * any of its routes, each once, so its cost follows the streams that may see it, not the
 * streams open.
 */
export class SubscriberIndex<S> {
  private readonly filed = new Map<S, readonly string[]>();
  private readonly byRoute = new Map<string, Set<S>>();

  get size(): number {
    return this.filed.size;
  }

  add(subscriber: S, routes: readonly string[]): void {
    if (this.filed.has(subscriber)) return this.refile(subscriber, routes);
    this.filed.set(subscriber, routes);
    for (const route of routes) this.join(subscriber, route);
  }

  /**
   * Files a subscriber anew (its routes changed; one no longer held stays out). It keeps its
   * place, and routes it keeps are not touched: a refile while an event is being offered
   * (a removal applied by the stream it reaches) never offers that event to it twice.
   */
  refile(subscriber: S, routes: readonly string[]): void {
    const old = this.filed.get(subscriber);
    if (!old) return;
    this.filed.set(subscriber, routes);
    for (const route of old) if (!routes.includes(route)) this.leave(subscriber, route);
    for (const route of routes) if (!old.includes(route)) this.join(subscriber, route);
  }

  remove(subscriber: S): void {
    const routes = this.filed.get(subscriber);
    if (!routes) return;
    this.filed.delete(subscriber);
    for (const route of routes) this.leave(subscriber, route);
  }

  private join(subscriber: S, route: string): void {
    let set = this.byRoute.get(route);
    if (!set) this.byRoute.set(route, (set = new Set()));
    set.add(subscriber);
  }

  private leave(subscriber: S, route: string): void {
    const set = this.byRoute.get(route);
    set?.delete(subscriber);
    if (set?.size === 0) this.byRoute.delete(route);
  }

  clear(): void {
    this.filed.clear();
    this.byRoute.clear();
  }

  /** Calls `visit` once for each subscriber filed under any of `routes` (null: every one). */
  forEach(routes: readonly string[] | null, visit: (subscriber: S) => void): void {
    if (routes === null) {
      for (const subscriber of this.filed.keys()) visit(subscriber);
      return;
    }
    const sets: Set<S>[] = [];
    for (const route of routes) {
      const set = this.byRoute.get(route);
      if (set) sets.push(set);
    }
    if (sets.length === 1) {
      for (const subscriber of sets[0]!) visit(subscriber);
      return;
    }
    const seen = new Set<S>();
    for (const set of sets)
      for (const subscriber of set) {
        if (seen.has(subscriber)) continue;
        seen.add(subscriber);
        visit(subscriber);
      }
  }
}
