import type { Readable } from 'node:stream';
import { ndjsonSections } from '@momentum/http';
import type { IssuesDeps } from '../deps.js';

/** What issues holds of the person, as NDJSON sections (identity's export). */
export function exportUserData({ personalData }: IssuesDeps, userId: string): Readable {
  return ndjsonSections([
    ['issues', () => personalData.issues(userId)],
    ['comments', () => personalData.comments(userId)],
  ]);
}

/** Erases what issues holds of the person (idempotent: a redelivery finds nothing left). */
export const eraseUserData = ({ personalData }: IssuesDeps, userId: string) =>
  personalData.erase(userId);
