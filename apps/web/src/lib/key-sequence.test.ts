import { describe, expect, it } from 'vitest';
import { advanceKeySequence, idleSequence, type SequenceResult, type SequenceState } from './key-sequence';

const sequences = [['?'], ['c'], ['g', 'd'], ['g', 'c'], ['g', 'k']];

/** Presses `keys` at the given times and returns each result. */
function press(keys: [string, number][], list: string[][] = sequences): SequenceResult[] {
  let state: SequenceState = idleSequence;
  return keys.map(([key, atMs]) => {
    const step = advanceKeySequence(state, key, atMs, list, 1000);
    state = step.state;
    return step.result;
  });
}

describe('advanceKeySequence', () => {
  it('matches a single key at once', () => {
    expect(press([['?', 0]])).toEqual([{ kind: 'match', index: 0 }]);
    expect(press([['c', 0]])).toEqual([{ kind: 'match', index: 1 }]);
  });

  it('waits after the first key of a sequence and matches the second', () => {
    expect(
      press([
        ['g', 0],
        ['k', 300],
      ]),
    ).toEqual([{ kind: 'pending' }, { kind: 'match', index: 4 }]);
  });

  it('takes g then c as the sequence, not as the single c', () => {
    expect(
      press([
        ['g', 0],
        ['c', 100],
      ]),
    ).toEqual([{ kind: 'pending' }, { kind: 'match', index: 3 }]);
  });

  it('forgets the first key when the second comes too late', () => {
    expect(
      press([
        ['g', 0],
        ['k', 1500],
      ]),
    ).toEqual([{ kind: 'pending' }, { kind: 'none' }]);
    expect(
      press([
        ['g', 0],
        ['c', 1500],
      ]),
    ).toEqual([{ kind: 'pending' }, { kind: 'match', index: 1 }]);
  });

  it('starts afresh after a key that continues nothing', () => {
    expect(
      press([
        ['g', 0],
        ['x', 100],
        ['g', 200],
        ['d', 300],
      ]),
    ).toEqual([{ kind: 'pending' }, { kind: 'none' }, { kind: 'pending' }, { kind: 'match', index: 2 }]);
    expect(
      press([
        ['g', 0],
        ['?', 100],
      ]),
    ).toEqual([{ kind: 'pending' }, { kind: 'match', index: 0 }]);
  });

  it('leaves unbound keys alone and resets after a match', () => {
    expect(press([['k', 0]])).toEqual([{ kind: 'none' }]);
    expect(
      press([
        ['g', 0],
        ['k', 100],
        ['k', 200],
      ]),
    ).toEqual([{ kind: 'pending' }, { kind: 'match', index: 4 }, { kind: 'none' }]);
  });

  it('prefers the first of two identical bindings', () => {
    expect(press([['c', 0]], [['c'], ['c']])).toEqual([{ kind: 'match', index: 0 }]);
  });

  it('matches nothing when there are no bindings', () => {
    expect(press([['g', 0]], [])).toEqual([{ kind: 'none' }]);
  });
});
