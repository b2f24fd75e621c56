import { describe, expect, it } from 'vitest';
import type { InternalClient } from '@momentum/http';
import { AppError } from '@momentum/contracts';
import { IdOwnerCache } from '../../src/routing/id-owner.js';

type Answer = 'owns' | 'not' | 'down';

/** A service's `/internal/owns/:id`: owns it, does not (404: null), or is down (503). */
const service = (answer: Answer | (() => Answer)) =>
  ({
    get: async () => {
      const now = typeof answer === 'function' ? answer() : answer;
      if (now === 'down') throw new AppError('SERVICE_UNAVAILABLE', 'down');
      return now === 'owns' ? { owns: true } : null;
    },
  }) as unknown as InternalClient;

const ID = '0b6a5c1e-4f7d-4c55-9a3e-2f1d8c7b6a50';

describe('IdOwnerCache: which service answers /api/tasks/:id', () => {
  it('sends an id to the service that owns it', async () => {
    expect(await new IdOwnerCache(service('not'), service('owns')).ownerOf(ID)).toBe('issues');
    expect(await new IdOwnerCache(service('owns'), service('not')).ownerOf(ID)).toBe('habits');
  });

  it('sends an id no one claims to the service that is down (its 503), not to a 404, and does not remember that', async () => {
    let issues: Answer = 'down';
    const owners = new IdOwnerCache(
      service('not'),
      service(() => issues),
    );
    expect(await owners.ownerOf(ID)).toBe('issues');
    issues = 'not'; // back, and the id is not its either
    expect(await owners.ownerOf(ID)).toBe('habits');
    expect(await new IdOwnerCache(service('down'), service('not')).ownerOf(ID)).toBe('habits');
  });

  it('sends an issue identifier (any case) to issues without asking; anything else malformed to habits', async () => {
    let asked = 0;
    const counting = {
      get: async () => {
        asked++;
        return null;
      },
    } as unknown as InternalClient;
    const owners = new IdOwnerCache(counting, counting);
    for (const id of ['ENG-12', 'eng-12', 'Mal2-1', 'ABCDEFGHIJ-999999999'])
      expect(await owners.ownerOf(id), id).toBe('issues');
    expect(asked).toBe(0);
    // Neither a UUID nor an identifier: habits answers its 422, as before.
    for (const id of ['ENG-0', 'E-1', '12-ENG', 'ENG-', 'ENG_12', 'ABCDEFGHIJK-1', 'not-an-id'])
      expect(await owners.ownerOf(id), id).toBe('habits');
    expect(asked).toBe(0);
  });
});
