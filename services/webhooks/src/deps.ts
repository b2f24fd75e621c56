import type { Logger } from '@momentum/messaging';
import type { SubscriptionStore } from './store/subscription-store.js';
import type { DeliveryStore } from './store/delivery-store.js';
import type { SecretBox } from './store/secret-box.js';
import type { ProjectTeamSource } from './clients/project-teams.js';
import type { PersonalDataStore } from './store/personal-data.js';

/** Subscriptions one user may create, and one team may have (WEBHOOKS_MAX_PER_USER/_TEAM). */
export interface SubscriptionQuota {
  perUser: number;
  perTeam: number;
}

/**
 * The ports the webhooks use cases work with; app.ts builds them. Delivery itself (the
 * scheduler and its attempts) has its own pipeline (delivery/pipeline.ts).
 */
export interface WebhooksDeps {
  /** A person's data for an export or an erasure. */
  personalData: PersonalDataStore;
  subscriptions: SubscriptionStore;
  deliveries: DeliveryStore;
  secrets: SecretBox;
  /** Which team owns a project (the projects service's lookup, remembered). */
  projectTeams: ProjectTeamSource;
  log: Logger;
  /** Tells the scheduler that work is waiting. */
  scheduled: () => void;
  /** WEBHOOKS_ALLOW_PRIVATE_URLS: target URLs may name private addresses (tests, local runs). */
  allowPrivate: boolean;
  /** How long a rotated-away signing secret still signs (WEBHOOKS_ROTATION_GRACE_MS). */
  rotationGraceMs: number;
  /** Subscriptions per user and per team (absent: no limit). */
  quota?: SubscriptionQuota;
}
