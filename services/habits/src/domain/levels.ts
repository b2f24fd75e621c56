/**
 * The level curve (Habitica's, which habit-tracker users know): XP needed to go from
 * level l to l+1 is 25·l below level 5, 150 at level 5, then
 * round((0.25·l² + 10·l + 139.75) / 10) · 10. Leftover XP carries over, and since total
 * XP never decreases, neither does the level.
 */
export function xpForLevelUp(level: number): number {
  if (level < 5) return 25 * level;
  if (level === 5) return 150;
  return Math.round((0.25 * level * level + 10 * level + 139.75) / 10) * 10;
}

export interface LevelProgress {
  level: number;
  /** XP earned since reaching `level`. */
  xpIntoLevel: number;
  /** XP still missing to reach `level + 1`. */
  xpToNextLevel: number;
}

/** The level a total XP amounts to, starting at level 1 with 0 XP. */
export function progressFor(totalXp: number): LevelProgress {
  let level = 1;
  let rest = Math.max(0, Math.floor(totalXp));
  for (let need = xpForLevelUp(level); rest >= need; need = xpForLevelUp(level)) {
    rest -= need;
    level += 1;
  }
  return { level, xpIntoLevel: rest, xpToNextLevel: xpForLevelUp(level) - rest };
}

export const levelFor = (totalXp: number): number => progressFor(totalXp).level;
