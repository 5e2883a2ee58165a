/** How long the second key of a sequence (`g` then `k`) may wait after the first, as in GitHub's and Gmail's. */
export const sequenceTimeoutMs = 1500;

/** The keys typed so far towards a sequence, and when the last of them was. */
export interface SequenceState {
  keys: readonly string[];
  atMs: number;
}

export const idleSequence: SequenceState = { keys: [], atMs: 0 };

export type SequenceResult =
  /** The key completed `sequences[index]` (the first listed wins when two are the same). */
  | { kind: 'match'; index: number }
  /** The key began (or continued) a sequence: wait for the next one. */
  | { kind: 'pending' }
  /** The key means nothing here: leave it to whoever else listens. */
  | { kind: 'none' };

export interface SequenceStep {
  state: SequenceState;
  result: SequenceResult;
}

function startsWith(sequence: readonly string[], keys: readonly string[]): boolean {
  return keys.length < sequence.length && keys.every((key, i) => sequence[i] === key);
}

function sameKeys(sequence: readonly string[], keys: readonly string[]): boolean {
  return sequence.length === keys.length && keys.every((key, i) => sequence[i] === key);
}

function stepFrom(
  keys: readonly string[],
  atMs: number,
  sequences: readonly (readonly string[])[],
): SequenceStep | null {
  const index = sequences.findIndex((sequence) => sameKeys(sequence, keys));
  if (index >= 0) return { state: idleSequence, result: { kind: 'match', index } };
  if (sequences.some((sequence) => startsWith(sequence, keys)))
    return { state: { keys, atMs }, result: { kind: 'pending' } };
  return null;
}

/**
 * Where pressing `key` at `atMs` leads, given what was typed before. A key that does not continue the sequence
 * begun (or comes too late) starts afresh, so `g` `x` `g` `k` still reaches `g k`.
 */
export function advanceKeySequence(
  state: SequenceState,
  key: string,
  atMs: number,
  sequences: readonly (readonly string[])[],
  timeoutMs: number = sequenceTimeoutMs,
): SequenceStep {
  const fresh = state.keys.length === 0 || atMs - state.atMs > timeoutMs;
  if (!fresh) {
    const continued = stepFrom([...state.keys, key], atMs, sequences);
    if (continued) return continued;
  }
  return stepFrom([key], atMs, sequences) ?? { state: idleSequence, result: { kind: 'none' } };
}
