import { createHash } from 'node:crypto';
import { type Crc32Piece, crc32Piece } from '../../../platform/crc32-combine';
import type { SegmentToDeflate } from '../../../platform/deflate-thread';

/** A task as the board's model holds it. */
export interface Entry {
  id: string;
  statusId: string;
  position: string;
  onBoard: boolean;
  /**
   * The task as the board sends it (BoardTask), as UTF-8: a changed run's text is then copied together rather than
   * joined and encoded again, which was a twentieth of a busy server's main thread.
   */
  json: Buffer;
  /** Whether a run ends after this task (see endsRun). */
  cut: boolean;
}

/**
 * A piece of the answer as text, with SHA-256 of it (the answer's ETag hashes these rather than the whole body)
 * and its CRC-32 (the gzip trailer's checksum is joined from these).
 */
export interface Piece {
  raw: Buffer;
  digest: Buffer;
  crc: Crc32Piece;
}

export function pieceOf(raw: Buffer): Piece {
  return { raw, digest: createHash('sha256').update(raw).digest(), crc: crc32Piece(raw) };
}

/**
 * Consecutive tasks of the board, up to and including one whose id says a run ends there (about 16 tasks, 4.5 KB
 * of JSON): the answer is made of runs' pieces, and a change re-makes only the runs it touches. Where runs end
 * depends only on the tasks' order, so every instance cuts the same board the same way.
 *
 * Why 16: a move re-deflates about four pieces (the runs it leaves and joins, and the piece after each, whose
 * dictionary changed), and a piece costs its own text plus the piece before it hashed in as the dictionary.
 * Pieces of 16 tasks cost a sixth of pieces of 64 per move, and the body grows by about 6 % (131 against 124 KB for
 * the bench's 5,000 tasks; see docs/architecture.md); at 8 it grows 15 %. A board that stands unchanged is sent
 * compressed whole instead (queries/board.ts).
 */
export interface Run {
  entries: Entry[];
  /** Made when the answer needs them, dropped when the run changes; `leading`: whether they start with a comma. */
  made?: {
    leading: boolean;
    pieces: Piece[];
    counts: Map<string, number>;
    /** The pieces deflated, the first one right after `after` (the piece before the run), kept while it is. */
    deflated?: { after: Buffer | undefined; pieces: Buffer[] };
  };
}

export const endsRun = (id: string) => (Number.parseInt(id.slice(-1), 16) & 15) === 15;
/** A run longer than this (an unlucky streak of ids) is sent as several pieces. */
const maxTasksPerPiece = 64;

export type Compare = (a: Entry, b: Entry) => number;

const comma = Buffer.from(',');

/** The runs of `ordered` (in board order). */
export function runsOf(ordered: readonly Entry[]): Run[] {
  const runs: Run[] = [];
  let entries: Entry[] = [];
  for (const entry of ordered) {
    entries.push(entry);
    if (entry.cut) {
      runs.push({ entries });
      entries = [];
    }
  }
  if (entries.length > 0) runs.push({ entries });
  return runs;
}

/**
 * Drops the run's made pieces. Assigned, not deleted: `delete` turns the object into a dictionary, and every later
 * `run.made` of a board's runs, read 300 times an answer, was then a hash lookup.
 */
function forgetMade(run: Run): void {
  run.made = undefined;
}

/** Index of the first run whose last task is not before `entry` (the run holding it, or where it goes). */
function runIndexOf(runs: readonly Run[], entry: Entry, compare: Compare): number {
  let low = 0;
  let high = runs.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const last = (runs[middle] as Run).entries.at(-1) as Entry;
    if (compare(last, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Index of the first task of `entries` not before `entry`. */
function indexIn(entries: readonly Entry[], entry: Entry, compare: Compare): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(entries[middle] as Entry, entry) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Takes `entry` out of `runs`. @returns false when it is not where its place says (the caller starts over) */
export function removeEntry(runs: Run[], entry: Entry, compare: Compare): boolean {
  const r = runIndexOf(runs, entry, compare);
  const run = runs[r];
  if (!run) return false;
  const index = indexIn(run.entries, entry, compare);
  if (run.entries[index] !== entry) return false;
  run.entries.splice(index, 1);
  forgetMade(run);
  const next = runs[r + 1];
  // It ended its run: what followed it in the run after joins this one.
  if (entry.cut && next) {
    run.entries.push(...next.entries);
    runs.splice(r + 1, 1);
  }
  if (run.entries.length === 0) runs.splice(r, 1);
  return true;
}

/** Puts `entry` in its place in `runs`, splitting its run after it when it ends one. */
export function insertEntry(runs: Run[], entry: Entry, compare: Compare): void {
  const r = Math.min(runIndexOf(runs, entry, compare), runs.length - 1);
  const run = runs[r];
  if (!run) {
    runs.push({ entries: [entry] });
    return;
  }
  const index = indexIn(run.entries, entry, compare);
  run.entries.splice(index, 0, entry);
  forgetMade(run);
  if (entry.cut && index + 1 < run.entries.length) runs.splice(r + 1, 0, { entries: run.entries.splice(index + 1) });
}

/** The run's pieces (after a comma unless it is the board's first run) and its tasks per status. */
export function madeRun(run: Run, leading: boolean): NonNullable<Run['made']> {
  if (run.made?.leading === leading) return run.made;
  const counted = run.made?.counts;
  // Counted in the same pass as the text: on a busy server a task's object is rarely still in the CPU's cache, and
  // a second walk over a changed run's tasks cost as much again as the first.
  const counts = counted ?? new Map<string, number>();
  const pieces: Piece[] = [];
  const { entries } = run;
  for (let start = 0; start < entries.length; start += maxTasksPerPiece) {
    const end = Math.min(start + maxTasksPerPiece, entries.length);
    const texts: Buffer[] = [];
    for (let i = start; i < end; i += 1) {
      const entry = entries[i] as Entry;
      if (i > 0 || leading) texts.push(comma);
      texts.push(entry.json);
      if (!counted) counts.set(entry.statusId, (counts.get(entry.statusId) ?? 0) + 1);
    }
    pieces.push(pieceOf(Buffer.concat(texts)));
  }
  run.made = { leading, pieces, counts };
  return run.made;
}

/**
 * The run's pieces deflated, each referring back into the text before it (`after`, the previous run's last piece,
 * for the first), when they are still those: they are deflated again when the run changed or the piece before it
 * did, which a change to one run therefore costs the next run's first piece too.
 */
export function keptDeflated(made: NonNullable<Run['made']>, after: Buffer | undefined): Buffer[] | undefined {
  return made.deflated && made.deflated.after === after ? made.deflated.pieces : undefined;
}

/** What deflating the run's pieces takes: each piece after the text before it. */
export function segmentsOf(made: NonNullable<Run['made']>, after: Buffer | undefined): SegmentToDeflate[] {
  return made.pieces.map((piece, index) => ({
    raw: piece.raw,
    after: index === 0 ? after : made.pieces[index - 1]?.raw,
  }));
}
