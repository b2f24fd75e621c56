import type { Readable } from 'node:stream';
import { ndjsonSections } from '@momentum/http';
import type { NotificationsDeps } from '../deps.js';

/** What notifications holds of the person, as NDJSON sections (identity's export). */
export function exportUserData({ personalData }: NotificationsDeps, userId: string): Readable {
  return ndjsonSections([['notifications', () => personalData.notifications(userId)]]);
}

/** Erases what notifications holds of the person (idempotent: a redelivery finds nothing left). */
export const eraseUserData = ({ personalData }: NotificationsDeps, userId: string) =>
  personalData.erase(userId);
