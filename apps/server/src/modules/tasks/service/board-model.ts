import { createHash } from 'node:crypto';
import type { CachedAnswer } from '../../../platform/answer-cache';
import { compressionThresholdBytes } from '../../../platform/compression';
import { deflateSegment, gzipOfSegments } from '../../../platform/gzip-segments';
import type { BoardRead, BoardSince, BoardSnapshot, BoardStatusRow } from '../queries/board-rows';

/**
 * The board of one project as this instance last read it, kept so that the next answer is made from what changed
 * since: the tasks written since the last read (sinceOf) are read again, the rest is reused, down to the compressed
 * pieces of the answer.
 */
export interface BoardModel {
  /** The snapshots of the latest reads, oldest first (see sinceOf). */
  reads: readonly BoardSnapshot[];
  /** Every task of the project, archived cards' included (to notice a deletion by the count). */
  entries: Map<string, Entry>;
  statuses: readonly BoardStatusRow[];
  /** The tasks on the board, in board order. */
  order: readonly Entry[];
  /** The answer's pieces as sent last time, by what they hold. */
  segments: ReadonlyMap<string, Segment>;
  /** Roughly what the model holds in memory. */
  bytes: number;
}

interface Entry {
  id: string;
  statusId: string;
  position: string;
  onBoard: boolean;
  json: string;
  /** Names this version of the task's JSON, to recognise an unchanged piece of the answer. */
  rev: number;
  /** Whether a piece of the answer ends after this task (see endsSegment). */
  cut: boolean;
}

interface Segment {
  raw: Buffer;
  deflated: Buffer;
  /** SHA-256 of `raw`: the answer's ETag hashes these rather than the whole body. */
  digest: Buffer;
}

function segmentOf(raw: Buffer): Segment {
  return { raw, deflated: deflateSegment(raw), digest: createHash('sha256').update(raw).digest() };
}

let lastRev = 0;

/** Enough reads back to find one that began before the oldest transaction running at the latest. */
const maxReadsKept = 64;

/**
 * What the next read of `model`'s board asks for: rows written since the latest read's xmin. Every transaction
 * from that xmin on got its id after some earlier read's snapshot was taken — the latest one whose xmax is not
 * past that xmin — so it wrote after that read's statement began, and its rows' updated_at say so. A transaction
 * running since before every kept read leaves that bound unknown: every task row is then looked at.
 */
export function sinceOf(model: BoardModel): BoardSince {
  const latest = model.reads.at(-1);
  if (!latest) throw new Error('a board model without a read');
  const xmin = BigInt(latest.xmin);
  const bound = model.reads.findLast((read) => BigInt(read.xmax) <= xmin);
  return { xmin: latest.xmin, updatedFrom: bound?.startedAt ?? null };
}

/** About 64 tasks a piece (18 KB of JSON), cut where a task's id says so: a move re-cuts only the pieces it touches. */
const endsSegment = (id: string) => (Number.parseInt(id.slice(-2), 16) & 63) === 63;
const maxTasksPerSegment = 256;
/** Past this many changed tasks, sorting them all again costs less than placing each. */
const maxPlacedOneByOne = 64;

/** Board order: by the status's place, then the task's own key (byte order, as the database compares them). */
function comparator(statuses: readonly BoardStatusRow[]): (a: Entry, b: Entry) => number {
  const statusIndex = new Map(statuses.map((status, index) => [status.id, index]));
  return (a, b) => {
    const byStatus = (statusIndex.get(a.statusId) ?? -1) - (statusIndex.get(b.statusId) ?? -1);
    if (byStatus !== 0) return byStatus;
    return a.position < b.position ? -1 : a.position > b.position ? 1 : 0;
  };
}

/** `order` (sorted by `compare`) with `entry` put in its place. */
function place(order: Entry[], entry: Entry, compare: (a: Entry, b: Entry) => number): void {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(order[middle] as Entry, entry) < 0) low = middle + 1;
    else high = middle;
  }
  order.splice(low, 0, entry);
}

const sameStatusOrder = (a: readonly BoardStatusRow[], b: readonly BoardStatusRow[]) =>
  a.length === b.length && a.every((status, index) => status.id === b[index]?.id);

/**
 * The model after `read`, which was read against `previous` (or is a read of every task when `previous` is
 * undefined). Undefined when tasks were deleted since `previous`: a read of the changes cannot show which, so the
 * caller reads every task again. `previous` is changed in place and must not be used again: the caller makes
 * one read of a project at a time.
 */
export function applyBoardRead(previous: BoardModel | undefined, read: BoardRead): BoardModel | undefined {
  const entries = previous?.entries ?? new Map<string, Entry>();
  const changed: Entry[] = [];
  for (const task of read.tasks) {
    const old = entries.get(task.id);
    const same =
      old?.json === task.json &&
      old.statusId === task.statusId &&
      old.position === task.position &&
      old.onBoard === task.onBoard;
    if (same) continue;
    lastRev += 1;
    const entry = { ...task, rev: lastRev, cut: endsSegment(task.id) };
    entries.set(task.id, entry);
    changed.push(entry);
  }
  if (entries.size !== read.taskCount) return undefined;

  const compare = comparator(read.statuses);
  let order: Entry[];
  if (previous && changed.length <= maxPlacedOneByOne && sameStatusOrder(previous.statuses, read.statuses)) {
    const replaced = new Set(changed.map((entry) => entry.id));
    order = previous.order.filter((entry) => !replaced.has(entry.id));
    for (const entry of changed) if (entry.onBoard) place(order, entry, compare);
  } else {
    order = [...entries.values()].filter((entry) => entry.onBoard).sort(compare);
  }
  return {
    reads: [...(previous?.reads ?? []), read.snapshot].slice(-maxReadsKept),
    entries,
    statuses: read.statuses,
    order,
    segments: previous?.segments ?? new Map(),
    bytes: 0,
  };
}

const tail = Buffer.from(']}');
const tailSegment = segmentOf(tail);

/**
 * Weak, as every cached answer's, and the same on every instance for the same content: the pieces are cut where
 * the tasks' ids say, so the same board is always cut the same way.
 */
function etagOfPieces(pieces: readonly Segment[]): string {
  const hash = createHash('sha256');
  for (const piece of pieces) hash.update(piece.digest);
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/**
 * The answer for `model` (`{statuses, tasks}`, as readBoard reads it whole), with its gzip form made of the
 * pieces of the model's previous answer that did not change and the others compressed anew. Returns the model
 * holding this answer's pieces.
 */
export function answerOf(model: BoardModel): { answer: CachedAnswer; model: BoardModel } {
  const ordered = model.order;
  const counts = new Map<string, number>();
  for (const entry of ordered) counts.set(entry.statusId, (counts.get(entry.statusId) ?? 0) + 1);
  const statuses = model.statuses.map((status) => ({ ...status, task_count: counts.get(status.id) ?? 0 }));
  const head = Buffer.from(`{"statuses":${JSON.stringify(statuses)},"tasks":[`);
  const pieces: Segment[] = [segmentOf(head)];
  const segments = new Map<string, Segment>();
  let bytes = 0;

  let start = 0;
  for (let i = 0; i < ordered.length; i += 1) {
    if (i + 1 < ordered.length && !(ordered[i] as Entry).cut && i + 1 - start < maxTasksPerSegment) continue;
    const part = ordered.slice(start, i + 1);
    const key = `${start === 0 ? '' : ','}${part.map((entry) => entry.rev).join('.')}`;
    let segment = model.segments.get(key) ?? segments.get(key);
    if (!segment) {
      segment = segmentOf(Buffer.from(`${start === 0 ? '' : ','}${part.map((entry) => entry.json).join(',')}`));
    }
    segments.set(key, segment);
    pieces.push(segment);
    bytes += segment.raw.byteLength + segment.deflated.byteLength;
    start = i + 1;
  }
  pieces.push(tailSegment);

  const body = Buffer.concat(pieces.map((piece) => piece.raw));
  const encoded =
    body.byteLength < compressionThresholdBytes
      ? {}
      : {
          gzip: gzipOfSegments(
            body,
            pieces.map((piece) => piece.deflated),
          ),
        };
  for (const entry of model.entries.values()) bytes += entry.json.length;
  return {
    answer: { body, encoded, etag: etagOfPieces(pieces) },
    model: { ...model, segments, bytes },
  };
}
