import { describe, expect, it } from 'vitest';
import { matchWords, splitHighlights, titleAndRest } from './highlight';

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

describe('titleAndRest', () => {
  it('cuts a task snippet into its title and its labels, each with its own marks', () => {
    expect(
      titleAndRest('Scrape barnacles', 'Scrape barnacles · urgent, hull', [
        [7, 16],
        [19, 25],
      ]),
    ).toEqual({ titleRanges: [[7, 16]], rest: 'urgent, hull', restRanges: [[0, 6]] });
  });

  it('leaves nothing beside a title that is the whole snippet (a file name)', () => {
    expect(titleAndRest('harbour.png', 'harbour.png', [[0, 7]])).toEqual({
      titleRanges: [[0, 7]],
      rest: '',
      restRanges: [],
    });
  });

  it('is null for a snippet that is other text or begins after a cut', () => {
    expect(titleAndRest('Hull survey', 'The hull needs scraping', [[4, 8]])).toBeNull();
    expect(titleAndRest('Scrape barnacles', '…barnacles · urgent', [[1, 10]])).toBeNull();
    expect(titleAndRest('', 'anything', [])).toBeNull();
  });

  it('keeps marks the server sent out of bounds or overlapping within the text', () => {
    expect(
      titleAndRest('Order paint', 'Order paint · red', [
        [6, 12],
        [10, 99],
      ]),
    ).toEqual({ titleRanges: [[6, 11]], rest: 'red', restRanges: [[0, 3]] });
  });
});
