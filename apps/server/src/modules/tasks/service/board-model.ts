import { createHash } from 'node:crypto';
import type { CachedAnswer } from '../../../platform/answer-cache';
import { compressAtRest, compressionThresholdBytes } from '../../../platform/compression';
import { deflateSegments, type SegmentToDeflate } from '../../../platform/deflate-thread';
import { gzipOfSegments } from '../../../platform/gzip-segments';
import type { BoardRead, BoardSince, BoardSnapshot, BoardStatusRow } from '../queries/board-rows';
import {
  type Compare,
  type Entry,
  endsRun,
  insertEntry,
  keptDeflated,
  madeRun,
  type Piece,
  pieceOf,
  type Run,
  removeEntry,
  runsOf,
  segmentsOf,
} from './board-runs';

/**
 * The board of one project as this instance last read it, kept so that the next answer is made from what changed
 * since: the tasks written since the last read (sinceOf) are read again, and only the runs of the answer they
 * land in or leave are made again (board-runs.ts). Nothing here walks every task once the model is made: on a
 * busy server the tasks' objects are spread over memory, and a walk over 5,000 of them cost milliseconds.
 */
export interface BoardModel {
  /** The snapshots of the latest reads, oldest first (see sinceOf). */
  reads: readonly BoardSnapshot[];
  /** Every task of the project, archived cards' included (a card restored brings its tasks back). */
  entries: Map<string, Entry>;
  statuses: readonly BoardStatusRow[];
  /** The statuses' and cards' version as the latest read saw them (othersVersion in board-rows.ts). */
  others: string;
  /** The tasks on the board, in board order, cut into runs. */
  runs: Run[];
  /** Bytes of the tasks' JSON and of the buffers holding it, kept as they change: roughly what the model holds. */
  jsonLength: number;
  /** One string per status id, kept from read to read, for the tasks' statusId (see applyRows). */
  statusIds: Map<string, string>;
}

/** Enough reads back to find one that began before the oldest transaction running at the latest. */
const maxReadsKept = 64;
/**
 * Changed tasks are placed one by one up to this share of the board, and past it every task is sorted again. Placing
 * keeps every run it does not touch, with its pieces and their deflated form; sorting makes every run again, so
 * the whole answer is deflated again. Measured on a board of 5,000 tasks (apply and answer, CPU): 70 changes
 * 11 ms placed against 40 ms sorted, 200 changes 19–34 ms against 47 ms, 1,000 about the same either way. The
 * cut was 64 tasks: on a busy board (800 moves a second, read twenty times a second) a read that found a few more
 * changes than that made the whole answer again, took longer, and so found even more changes the next time. With
 * this share, 10 clients reading while 20 move: moves 875–1,100/s against 567–956/s, reads p99 124–188 ms against
 * 182–460 ms (the same database, the two builds alternating).
 */
const placedShare = 1 / 8;
/** Below this many, placing is cheap whatever the board's size. */
const minPlacedOneByOne = 64;

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
  return { xmin: latest.xmin, snapshot: latest.snapshot, updatedFrom: bound?.startedAt ?? null };
}

/** Board order: by the status's place, then the task's own key (byte order, as the database compares them). */
function comparator(statuses: readonly BoardStatusRow[], statusIds: Map<string, string>): Compare {
  const statusIndex = new Map(statuses.map((status, index) => [statusIds.get(status.id) ?? status.id, index]));
  return (a, b) => {
    const byStatus = (statusIndex.get(a.statusId) ?? -1) - (statusIndex.get(b.statusId) ?? -1);
    if (byStatus !== 0) return byStatus;
    return a.position < b.position ? -1 : a.position > b.position ? 1 : 0;
  };
}

const sameStatusOrder = (a: readonly BoardStatusRow[], b: readonly BoardStatusRow[]) =>
  a.length === b.length && a.every((status, index) => status.id === b[index]?.id);

/** What a task's JSON costs beyond its bytes, as a buffer of its own (measured: about 190 bytes on Node 20). */
const bufferOverheadBytes = 200;

/**
 * `text` as UTF-8 in memory of its own. Buffer.from would put it in Node's shared pool, where a task kept for hours
 * would keep alive the whole 8 KB slab it was cut from, whatever else was cut from it since.
 */
function ownBytes(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/**
 * The tasks that changed, each with the version the model held (if any), applied to `entries`. A task's status id
 * is one string per status, the same from read to read: counting a run's tasks by status (madeRun) and placing a
 * task (the comparator) then find it in their maps by identity, where each task's own copy, scattered over memory,
 * was hashed and compared character by character.
 */
function applyRows(entries: Map<string, Entry>, statusIds: Map<string, string>, read: BoardRead) {
  const changes: { old: Entry | undefined; entry: Entry }[] = [];
  for (const status of read.statuses) if (!statusIds.has(status.id)) statusIds.set(status.id, status.id);
  let jsonLength = 0;
  for (const task of read.tasks) {
    const old = entries.get(task.id);
    const json = ownBytes(task.json);
    const same =
      old?.json.equals(json) &&
      old.statusId === task.statusId &&
      old.position === task.position &&
      old.onBoard === task.onBoard;
    if (same) continue;
    const statusId = statusIds.get(task.statusId) ?? task.statusId;
    const entry = { ...task, statusId, json, cut: endsRun(task.id) };
    entries.set(task.id, entry);
    changes.push({ old, entry });
    jsonLength += entry.json.length - (old?.json.length ?? 0) + (old ? 0 : bufferOverheadBytes);
  }
  return { changes, jsonLength };
}

/**
 * Takes the deleted tasks out of `entries`, before the read's rows are applied: a task deleted and then written
 * again under its id (an import bringing it back) is then found as new. @returns the entries taken out
 */
function takeDeleted(entries: Map<string, Entry>, deletedIds: readonly string[]) {
  const removed: Entry[] = [];
  let jsonLength = 0;
  for (const id of deletedIds) {
    const old = entries.get(id);
    if (!old) continue;
    entries.delete(id);
    removed.push(old);
    jsonLength -= old.json.length + bufferOverheadBytes;
  }
  return { removed, jsonLength };
}

/**
 * The model after `read`, which was read against `previous` (or is a read of every task when `previous` is
 * undefined). Undefined when tasks were deleted since `previous` that the read cannot name (deletedIds): the
 * caller reads every task again. `previous` is changed in place and must not be used again: the caller makes
 * one read of a project at a time.
 */
export function applyBoardRead(previous: BoardModel | undefined, read: BoardRead): BoardModel | undefined {
  if (previous && read.deletedIds === null) return undefined;
  const entries = previous?.entries ?? new Map<string, Entry>();
  const statusIds = previous?.statusIds ?? new Map<string, string>();
  const deleted = takeDeleted(entries, read.deletedIds ?? []);
  const { changes, jsonLength } = applyRows(entries, statusIds, read);
  const compare = comparator(read.statuses, statusIds);
  let runs: Run[] | undefined;
  const maxPlacedOneByOne = Math.max(minPlacedOneByOne, entries.size * placedShare);
  const placed = deleted.removed.length + changes.length;
  if (previous && placed <= maxPlacedOneByOne && sameStatusOrder(previous.statuses, read.statuses)) {
    runs = previous.runs;
    const placeEach = (): boolean => {
      for (const old of deleted.removed) if (old.onBoard && !removeEntry(runs ?? [], old, compare)) return false;
      for (const { old } of changes) if (old?.onBoard && !removeEntry(runs ?? [], old, compare)) return false;
      for (const { entry } of changes) if (entry.onBoard) insertEntry(runs ?? [], entry, compare);
      return true;
    };
    if (!placeEach()) runs = undefined;
  }
  runs ??= runsOf([...entries.values()].filter((entry) => entry.onBoard).sort(compare));
  return {
    reads: [...(previous?.reads ?? []), read.snapshot].slice(-maxReadsKept),
    entries,
    statuses: read.statuses,
    others: read.others,
    runs,
    jsonLength: (previous?.jsonLength ?? 0) + deleted.jsonLength + jsonLength,
    statusIds,
  };
}

const tail = pieceOf(Buffer.from(']}'));

/**
 * Weak, as every cached answer's, and the same on every instance for the same content: runs end where the
 * tasks' ids say, so the same board is always cut the same way.
 */
function etagOfPieces(pieces: readonly Piece[]): string {
  const hash = createHash('sha256');
  for (const piece of pieces) hash.update(piece.digest);
  return `W/"${hash.digest('base64url').slice(0, 27)}"`;
}

/**
 * The gzip body of the answer made of `pieces` (the head, the runs' pieces, the tail), deflating again only the
 * runs that changed or follow a change, all in one batch on the deflate thread.
 */
async function gzipOf(model: BoardModel, pieces: readonly Piece[]): Promise<Buffer> {
  // The head changes with every count, so the first run does not refer back into it: it stays deflated.
  const batch: SegmentToDeflate[] = [{ raw: pieces[0]?.raw ?? Buffer.alloc(0) }];
  const runs: { made: NonNullable<Run['made']>; after: Buffer | undefined; kept?: Buffer[]; start: number }[] = [];
  let after: Buffer | undefined;
  for (const [index, run] of model.runs.entries()) {
    const made = madeRun(run, index > 0);
    const kept = keptDeflated(made, after);
    runs.push({ made, after, kept, start: batch.length });
    if (!kept) batch.push(...segmentsOf(made, after));
    after = made.pieces.at(-1)?.raw;
  }
  batch.push({ raw: tail.raw, after });
  const deflated = await deflateSegments(batch);
  const body = [deflated[0] ?? Buffer.alloc(0)];
  for (const { made, after, kept, start } of runs) {
    if (kept) {
      body.push(...kept);
      continue;
    }
    const runPieces = deflated.slice(start, start + made.pieces.length);
    // The model changes only here and in applyBoardRead, one read of a project at a time (queries/board.ts).
    made.deflated = { after, pieces: runPieces };
    body.push(...runPieces);
  }
  body.push(deflated.at(-1) ?? Buffer.alloc(0));
  return gzipOfSegments(
    pieces.map((piece) => piece.crc),
    body,
  );
}

/**
 * The answer for `model` (`{statuses, tasks}`, as readBoard reads it whole), with its compressed forms; roughly the
 * bytes the model holds; and the answer's text in its parts, to compress whole once it stands (queries/board.ts).
 *
 * The gzip form is made of the runs' pieces, deflated again only where they or the piece before them changed. But
 * when the model was just read whole (`readWhole`), every piece would be deflated: the answer is then compressed
 * whole instead, as it is once it stands, which is smaller (one stream, and Brotli) and leaves nothing to compress
 * again on the reads that follow: compressed whole at the second sending, on both of libuv's threads while the next
 * reads were sent, the bench's one-client p99 on PGlite was 130–149 ms, and is 79–89 ms this way (two pairs, on a
 * slow day, timed then with fetch, decoding included). The pieces are deflated at the first change, whose answer
 * is pieced together.
 */
export async function answerOf(
  model: BoardModel,
  { readWhole }: { readWhole: boolean },
): Promise<{ answer: CachedAnswer; bytes: number; parts: readonly Buffer[] }> {
  const counts = new Map<string, number>();
  const taskPieces: Piece[] = [];
  for (const [index, run] of model.runs.entries()) {
    const made = madeRun(run, index > 0);
    taskPieces.push(...made.pieces);
    for (const [statusId, count] of made.counts) counts.set(statusId, (counts.get(statusId) ?? 0) + count);
  }
  const statuses = model.statuses.map((status) => ({ ...status, task_count: counts.get(status.id) ?? 0 }));
  const head = pieceOf(Buffer.from(`{"statuses":${JSON.stringify(statuses)},"tasks":[`));
  const pieces = [head, ...taskPieces, tail];
  const raws = pieces.map((piece) => piece.raw);
  const bodyBytes = raws.reduce((sum, raw) => sum + raw.byteLength, 0);
  let encoded: CachedAnswer['encoded'] = {};
  if (bodyBytes >= compressionThresholdBytes) {
    encoded = readWhole ? await compressAtRest(raws) : { gzip: await gzipOf(model, pieces) };
  }
  const bytes = model.jsonLength + bodyBytes + (encoded.br?.byteLength ?? 0) + (encoded.gzip?.byteLength ?? 0);
  // The pieces are never changed in place (a changed run gets new ones), so the body can be put together later.
  let body: Buffer | undefined;
  const answer: CachedAnswer = {
    get body() {
      body ??= Buffer.concat(raws, bodyBytes);
      return body;
    },
    bodyBytes,
    encoded,
    etag: etagOfPieces(pieces),
  };
  return { answer, bytes, parts: raws };
}
