import { describe, expect, it } from 'vitest';
import { DocumentTurns } from '../../src/document-turns.js';
import { KeyedSerializer } from '../../src/keyed-serializer.js';

interface Doc {
  id: string;
  rev: number;
}

/** Turns whose follow-up records what it got, and can be held until released. */
function turnsWithLog() {
  const log: string[] = [];
  let hold: Promise<void> | null = null;
  const turns = new DocumentTurns<Doc>(new KeyedSerializer(), { modelName: 'Thing' }, async (d) => {
    log.push(`follow ${d.id}@${d.rev}`);
    await hold;
    log.push(`followed ${d.id}@${d.rev}`);
  });
  const holdFollowUps = () => {
    let release!: () => void;
    hold = new Promise<void>((r) => (release = r));
    return release;
  };
  return { turns, log, holdFollowUps };
}

describe('DocumentTurns', () => {
  it('follows up the last write of a turn once the turn is over, so the next writer need not wait', async () => {
    const { turns, log, holdFollowUps } = turnsWithLog();
    const release = holdFollowUps();
    const first = turns.run('a', async () => {
      log.push('write a@1');
      await turns.wrote({ id: 'a', rev: 1 });
      log.push('write a@2');
      await turns.wrote({ id: 'a', rev: 2 });
      return 'first';
    });
    // The second writer of 'a' runs while the first one's follow-up is still held.
    const second = turns.run('a', async () => {
      log.push('second writer in');
      return 'second';
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(log).toEqual(['write a@1', 'write a@2', 'follow a@2', 'second writer in']);
    release();
    expect(await Promise.all([first, second])).toEqual(['first', 'second']);
    expect(log.at(-1)).toBe('followed a@2');
  });

  it('follows up a write made before the work failed, then fails as the work did', async () => {
    const { turns, log } = turnsWithLog();
    await expect(
      turns.run('b', async () => {
        await turns.wrote({ id: 'b', rev: 3 });
        throw new Error('after the write');
      }),
    ).rejects.toThrow('after the write');
    expect(log).toEqual(['follow b@3', 'followed b@3']);
  });

  it('follows up at once outside a turn, and not at all for a turn that wrote nothing', async () => {
    const { turns, log } = turnsWithLog();
    await turns.wrote({ id: 'c', rev: 1 });
    expect(log).toEqual(['follow c@1', 'followed c@1']);
    await turns.run('c', async () => undefined);
    expect(log).toHaveLength(2);
  });
});
