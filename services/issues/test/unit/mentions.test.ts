import { describe, expect, it } from 'vitest';
import type { Mention } from '@momentum/contracts';
import { resolveMentions } from '../../src/domain/mentions.js';

const ada: Mention = { id: 'u1', name: 'Ada Lovelace', type: 'user' };
const adam: Mention = { id: 'u2', name: 'Adam', type: 'user' };
const bot: Mention = { id: 'a1', name: 'Triage Bot', type: 'agent' };
const zoe: Mention = { id: 'u3', name: 'Zoë', type: 'user' };
const people = [ada, adam, bot, zoe];

describe('mentions', () => {
  it('resolves @name against team members and agents, in any case', () => {
    expect(resolveMentions('ping @adam and @TRIAGE BOT', people)).toEqual([bot, adam]);
  });
  it('accepts a multi-word name with dots, underscores, dashes or nothing between the words', () => {
    for (const written of [
      '@Ada Lovelace',
      '@ada.lovelace',
      '@ada_lovelace',
      '@ada-lovelace',
      '@AdaLovelace',
    ]) {
      expect(resolveMentions(`hi ${written}!`, people), written).toEqual([ada]);
    }
  });
  it('ignores accents and needs a word boundary after the name', () => {
    expect(resolveMentions('@zoe, look', people)).toEqual([zoe]);
    expect(resolveMentions('@Adams said', people)).toEqual([]);
    expect(resolveMentions('mail adam@example.com', people)).toEqual([]);
  });
  it('reports each person once and nobody for unknown names', () => {
    expect(resolveMentions('@adam @adam @nobody', people)).toEqual([adam]);
    expect(resolveMentions('no mentions here', people)).toEqual([]);
  });
  it('lets the longest name win where names overlap', () => {
    const ad: Mention = { id: 'u9', name: 'Ada', type: 'user' };
    expect(resolveMentions('@Ada Lovelace wrote', [ad, ada])).toEqual([ada]);
    expect(resolveMentions('@Ada wrote', [ad, ada])).toEqual([ad]);
  });
});
