import { describe, expect, it } from 'vitest';
import { matchWords, splitHighlights } from './highlight';

describe('splitHighlights', () => {
  it('marks the ranges and keeps the text around them', () => {
    expect(splitHighlights('ship the deploy today', [[9, 15]])).toEqual([
      { text: 'ship the ', marked: false },
      { text: 'deploy', marked: true },
      { text: ' today', marked: false },
    ]);
  });

  it('marks several ranges, in any order, at either end', () => {
    expect(
      splitHighlights('alpha beta gamma', [
        [11, 16],
        [0, 5],
      ]),
    ).toEqual([
      { text: 'alpha', marked: true },
      { text: ' beta ', marked: false },
      { text: 'gamma', marked: true },
    ]);
  });

  it('joins overlapping and touching ranges', () => {
    expect(
      splitHighlights('abcdefgh', [
        [1, 4],
        [3, 6],
        [6, 7],
      ]),
    ).toEqual([
      { text: 'a', marked: false },
      { text: 'bcdefg', marked: true },
      { text: 'h', marked: false },
    ]);
  });

  it('clamps ranges outside the text and drops empty or reversed ones', () => {
    expect(
      splitHighlights('short', [
        [-3, 2],
        [4, 99],
        [3, 3],
        [5, 1],
      ]),
    ).toEqual([
      { text: 'sh', marked: true },
      { text: 'or', marked: false },
      { text: 't', marked: true },
    ]);
  });

  it('gives the whole text unmarked without ranges, and one empty part for no text', () => {
    expect(splitHighlights('plain', [])).toEqual([{ text: 'plain', marked: false }]);
    expect(splitHighlights('', [[0, 4]])).toEqual([{ text: '', marked: false }]);
  });

  it('never loses or repeats a character', () => {
    const text = 'Deploy: the deployment of “deploy” deploys';
    const parts = splitHighlights(text, [
      [0, 6],
      [12, 18],
      [2, 8],
      [36, 200],
    ]);
    expect(parts.map((part) => part.text).join('')).toBe(text);
  });
});

describe('matchWords', () => {
  it('finds every word, ignoring case, preferring the start of a word', () => {
    expect(matchWords('Go to Kanban', ['kan'])).toEqual([[6, 9]]);
    expect(matchWords('Keyboard shortcuts', ['short', 'key'])).toEqual([
      [0, 3],
      [9, 14],
    ]);
    expect(matchWords('Website redesign', ['design'])).toEqual([[10, 16]]);
  });

  it('needs every word', () => {
    expect(matchWords('New card', ['new', 'task'])).toBeNull();
  });

  it('matches anything with no words', () => {
    expect(matchWords('New card', [])).toEqual([]);
  });

  it('takes words with regular-expression characters literally', () => {
    expect(matchWords('C++ (legacy)', ['c++'])).toEqual([[0, 3]]);
    expect(matchWords('Plan', ['.*'])).toBeNull();
  });
});
