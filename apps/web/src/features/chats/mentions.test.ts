import { describe, expect, it } from 'vitest';
import { activeMention, insertMention, matchMembers, mentionedIds } from './mentions';

const ada = { userId: 'a', name: 'Ada Lovelace' };
const alan = { userId: 'b', name: 'Alan Turing' };
const grace = { userId: 'c', name: 'Grace Hopper' };

describe('activeMention', () => {
  it('finds the @word before the caret', () => {
    expect(activeMention('hi @Ad', 6)).toEqual({ start: 3, query: 'Ad' });
    expect(activeMention('@', 1)).toEqual({ start: 0, query: '' });
  });

  it('ignores e-mail addresses and finished words', () => {
    expect(activeMention('ada@example', 11)).toBeNull();
    expect(activeMention('@Ada done', 9)).toBeNull();
  });
});

describe('matchMembers', () => {
  it('puts names that start with the query before names with a word that does', () => {
    expect(matchMembers([grace, alan, ada], 'a')).toEqual([ada, alan]);
    expect(matchMembers([grace, alan, ada], 'hop')).toEqual([grace]);
    expect(matchMembers([grace, ada], '')).toEqual([ada, grace]);
  });
});

describe('insertMention and mentionedIds', () => {
  it('replaces the query with the full name and keeps what follows', () => {
    const result = insertMention('hi @Ad and more', { start: 3, query: 'Ad' }, ada);
    expect(result).toEqual({ text: 'hi @Ada Lovelace  and more', caret: 17 });
  });

  it('drops picked members whose mention was deleted', () => {
    expect(mentionedIds('thanks @Ada Lovelace', [ada, alan, ada])).toEqual(['a']);
  });
});
