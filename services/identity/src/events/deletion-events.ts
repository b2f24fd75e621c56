import { EventTypes, type Actor, type DeletionRequestedData } from '@momentum/contracts';
import { makeEvent } from '@momentum/messaging';

/** Asks every service to erase the person (published again until all have confirmed). */
export const deletionRequested = (data: DeletionRequestedData, actor: Actor | null = null) =>
  makeEvent(EventTypes.identity.userDeletionRequested, data, actor);
