import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventTypes, type IssueEventData } from '@momentum/contracts';
import { userActor } from '@momentum/testing';
import { inbox, publish, startNotifications, type Harness } from './harness.js';

/** The inbox's bounds: a cap that drops the oldest read first, and an expiry by TTL index. */
let h: Harness;
const team = randomUUID();
const ada = userActor({ name: 'Ada' });
const erin = userActor({ name: 'Erin' });
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  h = await startNotifications({
    NOTIFICATIONS_INBOX_CAP: '10',
    NOTIFICATIONS_TTL_MS: String(DAY),
  });
  h.audience.join(erin.id, team);
});
afterAll(() => h?.close());

let n = 0;
/** Assigns Erin a new issue and waits until her inbox holds `expected` notifications. */
async function assign(expected: number): Promise<void> {
  await assignNow();
  // Stored, and the inbox trimmed after it.
  await waitFor(async () => {
    const held = await identifiers();
    return held.includes(`ENG-${n}`) && held.length === expected;
  });
}

/** Assigns Erin a new issue (ENG-<n>). */
async function assignNow(): Promise<void> {
  const data: IssueEventData = {
    id: randomUUID(),
    projectId: randomUUID(),
    teamId: team,
    identifier: `ENG-${++n}`,
    status: 'todo',
    version: 1,
    actorName: 'Ada',
    assignee: { type: 'user', id: erin.id },
  };
  await publish(h, EventTypes.issues.issueCreated, data, ada);
}

const identifiers = async () =>
  (
    (await inbox(h, erin).list('?limit=100')).json().data as Array<{
      subject: { identifier: string };
    }>
  )
    .map((x) => x.subject.identifier)
    .reverse();

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('not in time');
}

describe('the inbox’s bounds', () => {
  it('keeps at most the cap: the oldest read go first, then the oldest unread', async () => {
    for (let i = 1; i <= 10; i++) await assign(i);
    const all = (await inbox(h, erin).list('?limit=100')).json().data as Array<{
      id: string;
      subject: { identifier: string };
    }>;
    const byKey = new Map(all.map((x) => [x.subject.identifier, x.id]));
    await inbox(h, erin).markRead({ ids: [byKey.get('ENG-3'), byKey.get('ENG-7')] });
    await assign(10);
    await assign(10);
    // 12 made: the two read ones went, the oldest unread (ENG-1) stayed.
    expect(await identifiers()).toEqual([1, 2, 4, 5, 6, 8, 9, 10, 11, 12].map((i) => `ENG-${i}`));
    await assign(10);
    expect(await identifiers()).toEqual([2, 4, 5, 6, 8, 9, 10, 11, 12, 13].map((i) => `ENG-${i}`));
    expect(await inbox(h, erin).count()).toBe(10);
  });

  it('trims right when several notifications arrive at once', async () => {
    const listed = (await inbox(h, erin).list('?limit=100')).json().data as Array<{
      id: string;
      subject: { identifier: string };
    }>;
    const read = listed.filter((x) => ['ENG-5', 'ENG-8', 'ENG-10'].includes(x.subject.identifier));
    await inbox(h, erin).markRead({ ids: read.map((x) => x.id) });
    // Three at once: handled side by side, each trimming after its own insert.
    await Promise.all([1, 2, 3].map(() => assignNow()));
    await waitFor(async () => {
      const held = await identifiers();
      return held.includes(`ENG-${n}`) && held.length === 10;
    });
    await new Promise((r) => setTimeout(r, 300));
    // The three may be stored in any order: compared as a set.
    const held = (await identifiers()).map((x) => Number(x.slice(4))).sort((p, q) => p - q);
    expect(held).toEqual([2, 4, 6, 9, 11, 12, 13, 14, 15, 16]);
  });

  it('expires a notification NOTIFICATIONS_TTL_MS after it was made (TTL index)', async () => {
    const indexes = await h.ctx.db.collection('notifications').indexes();
    expect(indexes.find((i) => i.key.expiresAt === 1)).toMatchObject({ expireAfterSeconds: 0 });
    const [doc] = await h.ctx.db
      .collection('notifications')
      .find({ recipientId: erin.id })
      .limit(1)
      .toArray();
    expect(doc!.expiresAt.getTime() - doc!.createdAt.getTime()).toBe(DAY);
  });
});
