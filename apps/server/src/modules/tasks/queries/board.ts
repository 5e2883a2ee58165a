import { setTimeout } from 'node:timers/promises';
import type { Board, MyWorkQuery, MyWorkTask } from '@deckhand/contract/tasks';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import type { Db } from '../../../db/client';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { cards } from '../../../db/schema/cards';
import { profiles } from '../../../db/schema/profiles';
import { projectMembers, projects } from '../../../db/schema/projects';
import { taskStatuses, tasks } from '../../../db/schema/tasks';
import { type Actor, projectLimitOf, withinProjectLimit } from '../../../platform/actor';
import type { CachedAnswer } from '../../../platform/answer-cache';
import { compressAtRest } from '../../../platform/compression';
import { projectNotFound, requireMembership } from '../../projects/queries/access';
import { answerOf, applyBoardRead, type BoardModel, sinceOf } from '../service/board-model';
import { createBoardChecks } from '../service/board-version';
import { readStatuses } from '../service/statuses';
import { taskAuthorJoin, taskCardJoin, taskColumns, toTaskDto } from '../service/task-dto';
import { pruneTaskDeletions, readBoardChanges } from './board-rows';

/** Room for the boards' models: a few dozen large boards (one of 5,000 tasks holds about 3 MB). */
const boardModelBytes = 64 * 1024 * 1024;
/** See createBoardModels: the longest a reload waits because others asked for the same board just before. */
const minReadIntervalMs = 50;
/** A model not read again for this long is read whole: transaction ids, compared on 32 bits, must not wrap around. */
const modelMaxAgeMs = 60 * 60 * 1000;
/**
 * How often, at most, an instance's board reads remove the task deletions older than any model (board-rows.ts):
 * besides every whole read, which once followed every deletion and now follows only a start or an old model.
 */
const pruneDeletionsEveryMs = 10 * 60 * 1000;

interface StoredModel {
  model: BoardModel;
  /** The answer made from `model`, as it stands until the board changes. */
  answer: CachedAnswer;
  /** The answer's text in parts (see answerOf), for its forms compressed whole (see rest). */
  parts: readonly Buffer[];
  bytes: number;
  readAt: number;
  /** How often the answer was sent as it stood, unchanged since it was made. */
  hits: number;
}

/**
 * An answer sent this many times unchanged is compressed again, whole (see rest below). Sent in pieces deflated
 * one by one, so that a change deflates only what it touched, the board of 5,000 tasks comes to 129 KB of gzip; as
 * one Brotli stream to 92 KB, as one gzip stream to 118 KB. Compressing takes about 11 and 9 ms of CPU, off the
 * main thread: worth it for a board that people reload and reopen, not for each answer of a board that changes
 * between every two reads.
 */
const hitsBeforeRest = 2;

/**
 * Boards' models and their answers, least recently used dropped first past `maxBytes`. Each instance keeps its
 * own; whether a model still stands is asked of the database at every request (board-version.ts), never told by
 * other instances.
 *
 * One read of a project runs at a time (a model changes in place), and everyone asking while it runs shares the
 * next one, which starts after they asked and so sees at least what they were asking for: ten people reloading a
 * board that others keep changing cost two reads, not ten. While people keep asking, reads of one board start
 * at most every `minReadIntervalMs`: a board changing all the time is made twenty times a second, not as often
 * as the CPU allows, and a lone reload after a change (no read running) starts at once.
 */
function createBoardModels({ db, log }: Pick<AppDeps, 'db' | 'log'>, maxBytes: number) {
  const stored = new Map<string, StoredModel>();
  const running = new Map<string, { promise: Promise<CachedAnswer>; startedAt: number }>();
  const next = new Map<string, Promise<CachedAnswer>>();
  let bytes = 0;
  let prunedAt = Number.NEGATIVE_INFINITY;

  function keep(projectId: string, entry: StoredModel): void {
    forget(projectId);
    if (entry.bytes > maxBytes / 4) return;
    stored.set(projectId, entry);
    bytes += entry.bytes;
    trim();
  }

  function trim(): void {
    for (const [oldest] of stored) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  /**
   * Counts one more sending of the answer as it stands, and at `hitsBeforeRest` compresses it whole: Brotli, which
   * later requests that accept it get, and one gzip stream in place of the pieced one. Nothing is changed in an
   * answer that was replaced meanwhile (the board changed).
   */
  function rest(projectId: string, entry: StoredModel): void {
    entry.hits += 1;
    const pieced = entry.answer.encoded.gzip;
    if (entry.hits !== hitsBeforeRest || entry.answer.encoded.br || !pieced) return;
    compressAtRest(entry.parts).then(
      ({ br, gzip }) => {
        if (stored.get(projectId) !== entry) return;
        entry.answer.encoded = { br, gzip };
        const added = br.byteLength + gzip.byteLength - pieced.byteLength;
        entry.bytes += added;
        bytes += added;
        trim();
      },
      (err: unknown) => log.warn({ err, projectId }, 'the board answer was not compressed whole; its pieces are sent'),
    );
  }

  function forget(projectId: string): void {
    const old = stored.get(projectId);
    if (!old) return;
    stored.delete(projectId);
    bytes -= old.bytes;
  }

  async function read(projectId: string): Promise<CachedAnswer> {
    const readAt = Date.now();
    const known = stored.get(projectId);
    // Taken out while it changes: a failed read leaves no half-changed model behind.
    forget(projectId);
    let model =
      known && readAt - known.readAt < modelMaxAgeMs
        ? applyBoardRead(known.model, await readBoardChanges(db, projectId, sinceOf(known.model)))
        : undefined;
    const readWhole = !model;
    model ??= applyBoardRead(undefined, await readBoardChanges(db, projectId, null));
    if (!model) throw new Error('a whole board read was refused');
    if (readWhole || readAt - prunedAt >= pruneDeletionsEveryMs) {
      prunedAt = readAt;
      // Not removing them costs only room, never this answer.
      await pruneTaskDeletions(db).catch((err: unknown) =>
        log.warn({ err }, 'old task deletions not removed; a later board read tries again'),
      );
    }
    const { answer, bytes, parts } = await answerOf(model, { readWhole });
    keep(projectId, { model, answer, parts, bytes, readAt, hits: 0 });
    return answer;
  }

  function start(projectId: string): Promise<CachedAnswer> {
    const promise = read(projectId).finally(() => running.delete(projectId));
    running.set(projectId, { promise, startedAt: performance.now() });
    return promise;
  }

  /** The model kept for the project and its answer, if one is kept and young enough to be checked. */
  function kept(projectId: string): StoredModel | undefined {
    const entry = stored.get(projectId);
    if (!entry || Date.now() - entry.readAt >= modelMaxAgeMs) return undefined;
    // Most recently used last: the first is the one dropped.
    stored.delete(projectId);
    stored.set(projectId, entry);
    return entry;
  }

  function answer(projectId: string): Promise<CachedAnswer> {
    const queued = next.get(projectId);
    if (queued) return queued;
    const current = running.get(projectId);
    if (!current) return start(projectId);
    const after = current.promise
      .catch(() => undefined)
      .then(async () => {
        const wait = current.startedAt + minReadIntervalMs - performance.now();
        if (wait > 0) await setTimeout(wait);
        next.delete(projectId);
        return start(projectId);
      });
    next.set(projectId, after);
    return after;
  }

  return { kept, answer, rest };
}

/**
 * The board as sent, made again only when it changed, and then from what changed since the last time (see
 * board-model.ts): a refetch that finds nothing changed costs one small read, one after a move a read of that task.
 * The same answer serves every member (it holds nothing per person). @throws projects/not-found
 */
export function createBoardAnswers(deps: Pick<AppDeps, 'db' | 'log'>) {
  const checks = createBoardChecks(deps.db);
  const models = createBoardModels(deps, boardModelBytes);
  return async (userId: string, projectId: string): Promise<CachedAnswer> => {
    const entry = models.kept(projectId);
    const keptAt = entry && { ...sinceOf(entry.model), others: entry.model.others };
    const { changed } = await checks.read(projectId, userId, keptAt);
    // Checked after this request arrived: nothing written before it is missing from the kept answer.
    if (entry && !changed) {
      models.rest(projectId, entry);
      return entry.answer;
    }
    return models.answer(projectId);
  };
}

/**
 * Every task of the project's cards that are not archived, by status in board order (no access check), read
 * whole with the query builder: what the board's answer must equal, however it was made (board.test.ts).
 */
export async function readBoard(db: Db, projectId: string): Promise<Board> {
  const [statuses, rows] = await Promise.all([
    readStatuses(db, projectId),
    db
      .select({
        id: tasks.id,
        card_id: tasks.cardId,
        card_title: cards.title,
        title: tasks.title,
        status_id: tasks.statusId,
        assignee_ids: tasks.assigneeIds,
        due_at: sql<string | null>`${isoTimestamp(tasks.dueAt)}`,
        priority: tasks.priority,
        labels: tasks.labels,
        done_at: sql<string | null>`${isoTimestamp(tasks.doneAt)}`,
      })
      .from(tasks)
      .innerJoin(cards, taskCardJoin)
      .innerJoin(taskStatuses, eq(taskStatuses.id, tasks.statusId))
      .where(and(eq(tasks.projectId, projectId), isNull(cards.archivedAt)))
      .orderBy(asc(taskStatuses.position), asc(tasks.position)),
  ]);
  return { statuses, tasks: rows };
}

/**
 * The caller's assigned tasks that are not done, in one project or in all of theirs: soonest due first, undated
 * last. @throws projects/not-found (project_id of a project they are not in)
 */
export async function getMyWork(db: Db, actor: Actor, query: MyWorkQuery): Promise<MyWorkTask[]> {
  const { userId } = actor;
  const limit = projectLimitOf(actor);
  if (query.project_id) {
    if (!withinProjectLimit(actor, query.project_id)) throw projectNotFound();
    await requireMembership(db, query.project_id, userId);
  }
  const rows = await db
    .select({ ...taskColumns, projectName: projects.name })
    .from(tasks)
    .innerJoin(cards, taskCardJoin)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    // Still a member: a task assigned before someone left the project is not theirs to see.
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, tasks.projectId), eq(projectMembers.userId, userId)))
    .leftJoin(profiles, taskAuthorJoin)
    .where(
      and(
        sql`${tasks.assigneeIds} @> array[${userId}]::uuid[]`,
        isNull(tasks.doneAt),
        isNull(cards.archivedAt),
        query.project_id ? eq(tasks.projectId, query.project_id) : undefined,
        limit ? inArray(tasks.projectId, limit) : undefined,
      ),
    )
    .orderBy(sql`${tasks.dueAt} asc nulls last`, asc(tasks.createdAt), asc(tasks.id));
  return rows.map((row) => ({ ...toTaskDto(row), project_name: row.projectName }));
}
