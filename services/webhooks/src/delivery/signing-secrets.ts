import type { SubscriptionDoc } from '../store/models.js';
import type { SecretBox } from '../store/secret-box.js';

/** The secrets that sign now: the current one, and the previous one while its grace lasts. */
export function signingSecrets(
  box: SecretBox,
  sub: Pick<SubscriptionDoc, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  now: Date,
): string[] {
  const current = box.open(sub.secret);
  const { previousSecret, previousSecretExpiresAt } = sub;
  return previousSecret && previousSecretExpiresAt && previousSecretExpiresAt > now
    ? [current, box.open(previousSecret)]
    : [current];
}
