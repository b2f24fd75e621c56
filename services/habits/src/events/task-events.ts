import {
  EventTypes,
  type Actor,
  type EventEnvelope,
  type TaskCompletedEventData,
  type UserLeveledUpEventData,
  uuidv7,
} from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';
import type { TaskDoc } from '../store/models.js';

/**
 * Habits events. They are built before the write and stored in the written document's
 * `_outbox` by the same atomic update; the OutboxRelay publishes them.
 */
const summary = (t: TaskDoc) => ({
  id: t._id,
  userId: t.userId,
  teamId: t.teamId,
  type: t.type,
  title: t.title,
  archived: t.archived,
  streak: t.streak,
  rev: t.rev,
});

export const taskCreated = (actor: Actor, task: TaskDoc): EventEnvelope =>
  makeEvent(EventTypes.habits.taskCreated, { ...summary(task), createdBy: task.createdBy }, actor);

export const taskUpdated = (actor: Actor | null, next: TaskDoc, changed: string[]): EventEnvelope =>
  makeEvent(EventTypes.habits.taskUpdated, { ...summary(next), changed }, actor);

export const taskArchived = (actor: Actor, next: TaskDoc): EventEnvelope =>
  makeEvent(EventTypes.habits.taskArchived, summary(next), actor);

/**
 * Its id is the completion's: time-ordered (uuidv7), as the profile's list of applied
 * completions is trimmed by that order (domain/xp-applied.ts).
 */
export const taskCompleted = (actor: Actor, data: TaskCompletedEventData): EventEnvelope => ({
  ...makeEvent(EventTypes.habits.taskCompleted, data, actor),
  id: uuidv7(),
});

export const userLeveledUp = (actor: Actor, data: UserLeveledUpEventData): EventEnvelope =>
  makeEvent(EventTypes.habits.userLeveledUp, data, actor);
