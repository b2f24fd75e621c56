import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { blockerCyclePath, parentCloseCycle } from '../../src/domain/graph.js';

const graph = (edges: Array<[string, string]>) => {
  const m = new Map<string, string[]>();
  for (const [from, to] of edges) m.set(from, [...(m.get(from) ?? []), to]);
  return m;
};

describe('blocker cycles', () => {
  it('refuses an issue blocking itself', () => {
    expect(blockerCyclePath('a', 'a', new Map())).toEqual(['a']);
  });
  it('finds a two-issue cycle: a blocked by b when b is blocked by a', () => {
    expect(blockerCyclePath('a', 'b', graph([['b', 'a']]))).toEqual(['b', 'a']);
  });
  it('finds a long cycle and names its path', () => {
    // b ← c ← d ← a (b blocked by c, c by d, d by a): a blocked by b closes it.
    expect(
      blockerCyclePath(
        'a',
        'b',
        graph([
          ['b', 'c'],
          ['c', 'd'],
          ['d', 'a'],
        ]),
      ),
    ).toEqual(['b', 'c', 'd', 'a']);
  });
  it('allows diamonds and unrelated chains', () => {
    const g = graph([
      ['b', 'c'],
      ['b', 'd'],
      ['c', 'e'],
      ['d', 'e'],
      ['x', 'a'],
    ]);
    expect(blockerCyclePath('a', 'b', g)).toBeNull();
  });
  it('terminates on graphs that already hold cycles elsewhere', () => {
    expect(
      blockerCyclePath(
        'a',
        'b',
        graph([
          ['b', 'c'],
          ['c', 'b'],
        ]),
      ),
    ).toBeNull();
  });
  it('agrees with a brute-force reachability check on random graphs', () => {
    const node = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f');
    fc.assert(
      fc.property(
        fc.array(fc.tuple(node, node), { maxLength: 15 }),
        node,
        node,
        (edges, issue, blocker) => {
          const g = graph(edges);
          const reach = new Set<string>([blocker]);
          for (let changed = true; changed;) {
            changed = false;
            for (const [from, to] of edges) {
              if (reach.has(from) && !reach.has(to)) {
                reach.add(to);
                changed = true;
              }
            }
          }
          const path = blockerCyclePath(issue, blocker, g);
          expect(path !== null).toBe(issue === blocker || reach.has(issue));
          if (path && path.length > 1) {
            expect(path[0]).toBe(blocker);
            expect(path[path.length - 1]).toBe(issue);
            for (let i = 0; i + 1 < path.length; i++)
              expect(g.get(path[i]!)).toContain(path[i + 1]);
          }
        },
      ),
    );
  });
});

describe('parent cycles', () => {
  it('refuses the issue itself and its descendants as parent', () => {
    expect(parentCloseCycle('a', 'a', [])).toBe(true);
    // c's ancestors are b then a: a cannot become c's child.
    expect(parentCloseCycle('a', 'c', ['b', 'a'])).toBe(true);
    expect(parentCloseCycle('a', 'c', ['b'])).toBe(false);
  });
});
