import { Status } from '@deckhand/contract/statuses';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { selectRows } from '../../../db/rows';

/** A status as the board reads it: its task count comes from the board's own tasks (board-model.ts). */
export const BoardStatusRow = Status.omit({ task_count: true });
export type BoardStatusRow = z.infer<typeof BoardStatusRow>;

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

/** What the project's tasks looked like at one moment (one statement, so one snapshot). */
export interface BoardRead {
  /**
   * The oldest transaction still running at that moment (32 bits, as row versions carry it): a row written by a
   * transaction this read could not see carries this id or a later one.
   */
  watermark: string;
  /** Tasks of the project, archived cards' included. */
  taskCount: number;
  statuses: BoardStatusRow[];
  /** Every task when `since` was null; else those whose row or card's row were written since that watermark. */
  tasks: BoardTaskRow[];
}

const HeadRow = z.object({
  kind: z.literal('head'),
  watermark: z.string(),
  task_count: z.number(),
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
 * Whether a row version was written by the transaction `since` or a later one: transaction ids are 32 bits and
 * wrap around, so "later" is "less than half the circle ahead". A frozen row far in the past may count as
 * later; it is only read again, never missed.
 */
const writtenSince = (table: string, since: string) =>
  sql`((${sql.raw(table)}.xmin::text::bigint - ${since}::bigint) & 4294967295) < 2147483648`;

/**
 * The board's statuses and the tasks written since `since` (every task when null), in one statement: the head
 * row, the task count and the statuses are of the same snapshot as the tasks. A card's write (its title, its
 * archiving) counts as a write of its tasks.
 */
export async function readBoardChanges(db: Db, projectId: string, since: string | null): Promise<BoardRead> {
  const changed = since === null ? sql`true` : sql`(${writtenSince('t', since)} or ${writtenSince('c', since)})`;
  const rows = await selectRows(
    db,
    ReadRow,
    sql`
      select 'head' as kind,
        (pg_snapshot_xmin(pg_current_snapshot())::text::bigint & 4294967295)::text as watermark,
        (select count(*)::int from tasks where project_id = ${projectId}) as task_count,
        (select coalesce(json_agg(json_build_object('id', s.id, 'project_id', s.project_id, 'name', s.name,
            'color', s.color, 'category', s.category, 'wip_limit', s.wip_limit) order by s.position), '[]'::json)::text
          from task_statuses s where s.project_id = ${projectId}) as statuses,
        null::uuid as id, null::uuid as status_id, null::text as position, null::boolean as on_board, null::text as json
      union all
      select 'task', null, null, null, t.id, t.status_id, t.position, c.archived_at is null,
        (select row_to_json(b)::text from (select t.id, t.card_id, c.title as card_title, t.title, t.status_id,
            t.assignee_ids, ${isoTimestamp(sql`t.due_at`)} as due_at,
            t.priority, t.labels, ${isoTimestamp(sql`t.done_at`)} as done_at) b)
      from tasks t join cards c on c.id = t.card_id
      where t.project_id = ${projectId} and ${changed}`,
  );
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
    watermark: head.watermark,
    taskCount: head.task_count,
    statuses: z.array(BoardStatusRow).parse(JSON.parse(head.statuses)),
    tasks,
  };
}
