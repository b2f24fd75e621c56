import { EventTypes, makeEvent, type Actor, type DeletionRequestedData } from '@momentum/contracts';

/** Asks every service to erase the person (published again until all have confirmed). */
export const deletionRequested = (data: DeletionRequestedData, actor: Actor | null = null) =>
  makeEvent(EventTypes.identity.userDeletionRequested, data, actor);
