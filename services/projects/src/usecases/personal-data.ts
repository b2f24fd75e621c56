import type { Readable } from 'node:stream';
import { ndjsonSections } from '@momentum/http';
import type { ProjectsDeps } from '../deps.js';

/** What projects holds of the person, as NDJSON sections (identity's export). */
export function exportUserData({ personalData }: ProjectsDeps, userId: string): Readable {
  return ndjsonSections([['projects', () => personalData.projects(userId)]]);
}

/** Erases what projects holds of the person (idempotent: a redelivery finds nothing left). */
export const eraseUserData = ({ personalData }: ProjectsDeps, userId: string) =>
  personalData.erase(userId);
