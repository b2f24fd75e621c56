import { describe, expect, it } from 'vitest';
import { uuidv7 } from '@momentum/contracts';
import {
  NOTHING_FORGOTTEN,
  XP_APPLIED_KEPT,
  XP_APPLIED_TRIM_AT,
  appliedTrim,
  judgedByList,
} from '../../src/domain/xp-applied.js';

/** `n` time-ordered ids, oldest first, `stepMs` apart from `from`. */
const ids = (n: number, from = Date.now() - 60_000, stepMs = 1) =>
  Array.from({ length: n }, (_, i) => uuidv7(from + i * stepMs));
const legacy = (i: number) => `2b1e6e4c-3c1f-4d6a-9a57-${String(i).padStart(12, '0')}`;

describe("the profile's applied list: trimming", () => {
  it('leaves a list short of the kept ids and one trim alone', () => {
    expect(appliedTrim(ids(XP_APPLIED_KEPT + XP_APPLIED_TRIM_AT - 1))).toBeNull();
    expect(appliedTrim([])).toBeNull();
  });

  it('drops all but the newest kept ids, with the cut at the oldest kept', () => {
    const list = ids(XP_APPLIED_KEPT + XP_APPLIED_TRIM_AT + 5);
    const trim = appliedTrim(list)!;
    const kept = list.slice(-XP_APPLIED_KEPT);
    expect(trim.forget).toBe(kept[0]);
    expect(trim.drop).toEqual(list.slice(0, list.length - XP_APPLIED_KEPT));
    for (const id of trim.drop) expect(id < trim.forget).toBe(true);
    for (const id of kept) expect(judgedByList(trim.forget, id)).toBe(true);
  });

  it('goes by the ids’ order, not by the order they were listed in', () => {
    // A recovery applies an old completion after newer ones: listed last, kept by age.
    const list = ids(80);
    const shuffled = [...list.slice(40), ...list.slice(0, 40)];
    const trim = appliedTrim(shuffled, 30, 30)!;
    expect(trim.forget).toBe(list[50]);
    expect(new Set(trim.drop)).toEqual(new Set(list.slice(0, 50)));
  });

  it('keeps the newest ids whatever the rate: a burst within one millisecond as a day of them', () => {
    for (const stepMs of [0, 1, 60_000]) {
      const list = ids(200, Date.now() - 200 * stepMs - 1000, stepMs);
      const trim = appliedTrim(list)!;
      expect(trim.drop).toHaveLength(200 - XP_APPLIED_KEPT);
      expect(trim.forget).toBe(list[200 - XP_APPLIED_KEPT]);
    }
  });

  it('drops ids made before ids were time-ordered at the first trim, wherever they sort', () => {
    const old = [legacy(1), `00${legacy(2).slice(2)}`, `ff${legacy(3).slice(2)}`];
    const list = [...old, ...ids(XP_APPLIED_KEPT + XP_APPLIED_TRIM_AT)];
    const trim = appliedTrim(list)!;
    for (const id of old) expect(trim.drop).toContain(id);
    expect(trim.drop).toHaveLength(old.length + XP_APPLIED_TRIM_AT);
  });

  it('with fewer time-ordered ids than it keeps, drops the others and forgets below every uuidv7', () => {
    const list = [
      ...Array.from({ length: XP_APPLIED_TRIM_AT + XP_APPLIED_KEPT - 3 }, (_, i) => legacy(i)),
      ...ids(3),
    ];
    const trim = appliedTrim(list)!;
    expect(trim.forget).toBe(NOTHING_FORGOTTEN);
    expect(trim.drop).toHaveLength(list.length - 3);
    // From then on a profile judges no id of before the order by its list.
    expect(judgedByList(trim.forget, legacy(0))).toBe(false);
    expect(judgedByList(trim.forget, uuidv7())).toBe(true);
  });
});

describe("the profile's applied list: which ids it judges", () => {
  it('every id while it has forgotten none', () => {
    expect(judgedByList(undefined, uuidv7())).toBe(true);
    expect(judgedByList(undefined, legacy(1))).toBe(true);
    expect(judgedByList(undefined, 'c1')).toBe(true);
  });

  it('time-ordered ids at or above its cut, none below', () => {
    const [older, cut, newer] = ids(3);
    expect(judgedByList(cut, older!)).toBe(false);
    expect(judgedByList(cut, cut!)).toBe(true);
    expect(judgedByList(cut, newer!)).toBe(true);
  });
});
