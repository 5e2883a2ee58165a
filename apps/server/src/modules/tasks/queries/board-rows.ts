import { Status } from '@deckhand/contract/statuses';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { prepareRows } from '../../../db/rows';

/** A status as the board reads it: its task count comes from the board's own tasks (board-model.ts). */
export const BoardStatusRow = Status.omit({ task_count: true });
export type BoardStatusRow = z.infer<typeof BoardStatusRow>;
const BoardStatusRows = z.array(BoardStatusRow);

/** One task of the project, with its JSON as the board sends it. */
export interface BoardTaskRow {
  id: string;
  statusId: string;
  position: string;
  /** False for a task of an archived card: the board leaves it out, the count of the project's tasks does not. */
  onBoard: boolean;
  /** The task as the board sends it (BoardTask), serialized by the database. */
  json: string;
}

/** The snapshot a read saw, as the next read needs it (transaction ids in full, 64 bits, as decimal text). */
export interface BoardSnapshot {
  /** The oldest transaction still running: a row this read could not see was written by it or a later one. */
  xmin: string;
  /** The first transaction id not yet given out: every later one started writing after this read began. */
  xmax: string;
  /** When the reading statement started (Unix seconds), before its snapshot was taken. */
  startedAt: string;
  /** The whole snapshot (pg_snapshot as text): whether a deletion's transaction was seen by this read. */
  snapshot: string;
}

/**
 * What a read of the changes needs: the previous read's xmin and snapshot, and when the rows it wants were written
 * at the earliest.
 */
export interface BoardSince {
  xmin: string;
  snapshot: string;
  /** Unix seconds: no task row it wants has an older updated_at. Null: not known, every task row is looked at. */
  updatedFrom: string | null;
}

/** What the project's tasks looked like at one moment (one statement, so one snapshot). */
export interface BoardRead {
  snapshot: BoardSnapshot;
  /**
   * The ids of the tasks deleted since `since` (none for a read of every task), which its read of the changed tasks
   * cannot show; null when a deletion since names none (recorded before migration 0023): the board is read whole.
   */
  deletedIds: string[] | null;
  /** The statuses' and cards' version (othersVersion) as this read saw them. */
  others: string;
  statuses: BoardStatusRow[];
  /** Every task when `since` was null; else (at least) those whose row or card's row was written since. */
  tasks: BoardTaskRow[];
}

const HeadRow = z.object({
  kind: z.literal('head'),
  xmin: z.string(),
  xmax: z.string(),
  started_at: z.string(),
  snapshot: z.string(),
  deleted_ids: z.string().nullable(),
  others: z.string(),
  statuses: z.string(),
});
const TaskRow = z.object({
  kind: z.literal('task'),
  id: z.string(),
  status_id: z.string(),
  position: z.string(),
  on_board: z.boolean(),
  json: z.string(),
});
const ReadRow = z.discriminatedUnion('kind', [HeadRow, TaskRow]);

/**
 * A clock that stepped back, and the moment between a write's clock_timestamp() and its transaction getting an
 * id, are covered by looking this much further back than `updatedFrom`.
 */
export const clockSlackSeconds = 0.5;

/** A 64-bit transaction id (a snapshot's, as text) on the 32 bits a row's xmin has, to compare them by age(). */
export const xid32 = (xid: string) => (BigInt(xid) & 0xffffffffn).toString();

/**
 * Whether a row version was written by the transaction `xmin` or a later one: age() counts back from the newest
 * transaction, modulo 2^32 as transaction ids wrap around (a frozen row's age is the largest there is).
 */
const writtenSince = (table: string) => sql`age(${sql.raw(table)}.xmin) <= age(${sql.placeholder('xmin')}::xid)`;

/**
 * The project's task deletions by transactions that a read with `snapshot` did not see (committed after it, or
 * running then), as the rows this statement sees: task_deletions (migration 0021) holds one row per deleting
 * statement.
 */
const deletionsSince = (projectId: SQL, snapshot: SQL) =>
  sql`task_deletions d where d.project_id = ${projectId}
    and not pg_visible_in_snapshot(d.xact, ${snapshot}::pg_snapshot)`;

/** Whether the project's tasks were deleted since a read with `snapshot` (deletionsSince). */
export const deletedSince = (projectId: SQL, snapshot: SQL) =>
  sql`exists(select 1 from ${deletionsSince(projectId, snapshot)})`;

/**
 * The ids of the tasks deleted since a read with `snapshot` (deletionsSince), as one comma-separated text ('' for
 * none); null when one of those deletions names no tasks (recorded before migration 0023). A deletion still running
 * is not seen here, and is found by the next read, whose previous snapshot did not see it.
 */
const deletedIdsSince = (projectId: SQL, snapshot: SQL) =>
  sql`(select case when bool_or(d.task_ids is null) then null
      else coalesce(string_agg(array_to_string(d.task_ids, ','), ','), '') end
    from ${deletionsSince(projectId, snapshot)})`;

/**
 * Names the state of what a board shows besides its tasks: its statuses (how many, the latest change, stamped by
 * the database's clock) and its cards' latest change (a rename or archiving; a card's deletion deletes its tasks,
 * and a new card has none yet).
 */
export const othersVersion = (projectId: SQL) =>
  sql`concat_ws('|',
    (select count(*) || ':' || coalesce(max(vs.updated_at)::text, '') from task_statuses vs
      where vs.project_id = ${projectId}),
    (select coalesce(max(vc.updated_at)::text, '') from cards vc where vc.project_id = ${projectId}))`;

const taskColumnsSql = sql`'task', null, null, null, null, null, null, null, t.id, t.status_id, t.position,
  c.archived_at is null,
  (select row_to_json(b)::text from (select t.id, t.card_id, c.title as card_title, t.title, t.status_id,
      t.assignee_ids, ${isoTimestamp(sql`t.due_at`)} as due_at, t.priority, t.labels,
      ${isoTimestamp(sql`t.done_at`)} as done_at) b)`;

const value = (name: 'projectId' | 'xmin' | 'snapshot' | 'updatedFrom') => sql.placeholder(name);
const projectIdValue = sql`${value('projectId')}::uuid`;

/** Every task of the project: the read of a board no model is kept for. */
const everyTask = sql`select ${taskColumnsSql} from tasks t join cards c on c.id = t.card_id
  where t.project_id = ${projectIdValue}`;

/**
 * The tasks wanted after a read: every task row written since its xmin — found through the (project, updated_at)
 * index when `bounded`, since every change of a task stamps updated_at with the database's clock — and every task
 * of a card written since (a card's title and archiving are on its tasks; its updated_at comes from the
 * application's clock, so cards are looked at one by one). A task inserted with an older updated_at would not be
 * found here: only an import writes one, into a project that has no members (so no board read) until every task
 * is in.
 */
function changedTasks(bounded: boolean) {
  const recent = bounded
    ? sql`and t.updated_at >= to_timestamp(${value('updatedFrom')}::double precision - ${clockSlackSeconds})`
    : sql``;
  return sql`select ${taskColumnsSql} from tasks t join cards c on c.id = t.card_id
      where t.project_id = ${projectIdValue} ${recent} and ${writtenSince('t')}
    union all
    select ${taskColumnsSql} from cards c join tasks t on t.card_id = c.id
      where c.project_id = ${projectIdValue} and ${writtenSince('c')}`;
}

/**
 * The board's statuses and the tasks of `tasks`, in one statement: the head row, the deletions and the statuses are
 * of the same snapshot as the tasks.
 */
function boardRead(tasks: SQL, sinceRead: boolean) {
  return sql`
    select 'head' as kind,
      pg_snapshot_xmin(pg_current_snapshot())::text as xmin,
      pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
      extract(epoch from statement_timestamp())::text as started_at,
      pg_current_snapshot()::text as snapshot,
      ${sinceRead ? deletedIdsSince(projectIdValue, sql`${value('snapshot')}`) : sql`''`} as deleted_ids,
      ${othersVersion(projectIdValue)} as others,
      (select coalesce(json_agg(json_build_object('id', s.id, 'project_id', s.project_id, 'name', s.name,
          'color', s.color, 'category', s.category, 'wip_limit', s.wip_limit) order by s.position), '[]'::json)::text
        from task_statuses s where s.project_id = ${projectIdValue}) as statuses,
      null::uuid as id, null::uuid as status_id, null::text as position, null::boolean as on_board, null::text as json
    union all
    ${tasks}`;
}

/**
 * The three reads of a board, each a named statement: one runs at every board answer after a change, and
 * PostgreSQL took longer to plan it (0.5–0.7 ms) than to run it (about 0.2 ms on a board of 5,000).
 */
const boardReads = {
  whole: prepareRows('board_read_whole', ReadRow, boardRead(everyTask, false)),
  bounded: prepareRows('board_read_since', ReadRow, boardRead(changedTasks(true), true)),
  unbounded: prepareRows('board_read_since_unbounded', ReadRow, boardRead(changedTasks(false), true)),
};

function readRows(db: Db, projectId: string, since: BoardSince | null) {
  if (since === null) return boardReads.whole.execute(db, { projectId });
  const values = { projectId, xmin: xid32(since.xmin), snapshot: since.snapshot };
  if (since.updatedFrom === null) return boardReads.unbounded.execute(db, values);
  return boardReads.bounded.execute(db, { ...values, updatedFrom: since.updatedFrom });
}

/**
 * The board's statuses and the tasks changed since `since` (every task when null), in one statement (boardRead).
 */
export async function readBoardChanges(db: Db, projectId: string, since: BoardSince | null): Promise<BoardRead> {
  const rows = await readRows(db, projectId, since);
  let head: z.infer<typeof HeadRow> | undefined;
  const tasks: BoardTaskRow[] = [];
  for (const row of rows) {
    if (row.kind === 'head') head = row;
    else
      tasks.push({
        id: row.id,
        statusId: row.status_id,
        position: row.position,
        onBoard: row.on_board,
        json: row.json,
      });
  }
  if (!head) throw new Error('the board read returned no head row');
  return {
    snapshot: { xmin: head.xmin, xmax: head.xmax, startedAt: head.started_at, snapshot: head.snapshot },
    deletedIds: head.deleted_ids === null ? null : head.deleted_ids.split(',').filter((id) => id !== ''),
    others: head.others,
    statuses: BoardStatusRows.parse(JSON.parse(head.statuses)),
    tasks,
  };
}

/** Longer than a board model is kept (modelMaxAgeMs in board.ts): no model can still need these rows. */
const deletionsKeptHours = 2;

/** Removes the task deletions older than any board model (task_deletions, migration 0021). */
export async function pruneTaskDeletions(db: Db): Promise<void> {
  await db.execute(
    sql`delete from task_deletions where deleted_at < now() - make_interval(hours => ${deletionsKeptHours})`,
  );
}
