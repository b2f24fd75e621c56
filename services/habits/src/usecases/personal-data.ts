import type { Readable } from 'node:stream';
import { ndjsonSections } from '@momentum/http';
import type { HabitsDeps } from '../deps.js';

/** The person's profile, tasks and completions, as NDJSON sections (identity's export). */
export function exportUserData({ personalData }: HabitsDeps, userId: string): Readable {
  return ndjsonSections([
    ['profile', () => personalData.profile(userId)],
    ['tasks', () => personalData.tasks(userId)],
    ['completions', () => personalData.completions(userId)],
  ]);
}

/** Erases what habits holds of the person (idempotent: a redelivery finds nothing left). */
export const eraseUserData = ({ personalData }: HabitsDeps, userId: string) =>
  personalData.erase(userId);
