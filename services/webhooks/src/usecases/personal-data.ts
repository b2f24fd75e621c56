import type { Readable } from 'node:stream';
import { ndjsonSections } from '@momentum/http';
import type { WebhooksDeps } from '../deps.js';

/** What webhooks holds of the person, as NDJSON sections (identity's export). */
export function exportUserData({ personalData }: WebhooksDeps, userId: string): Readable {
  return ndjsonSections([['subscriptions', () => personalData.subscriptions(userId)]]);
}

/** Erases what webhooks holds of the person (idempotent: a redelivery finds nothing left). */
export const eraseUserData = ({ personalData }: WebhooksDeps, userId: string) =>
  personalData.erase(userId);
