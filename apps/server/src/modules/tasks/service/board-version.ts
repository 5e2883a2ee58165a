import type { ProjectRole } from '@deckhand/contract/projects';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { projectMembers } from '../../../db/schema/projects';
import { projectNotFound } from '../../projects/queries/access';
import { type BoardSince, clockSlackSeconds, deletedSince, othersVersion, xid32 } from '../queries/board-rows';

/** What a kept board answer was read at: where a read of its changes would start, and othersVersion then. */
export type BoardKeptAt = BoardSince & { others: string };

const projectOfMember = sql.raw('project_members.project_id');

/**
 * Whether a board's kept answer still stands, read without writing anything and without counting the project's
 * tasks: whether a task row was written since the answer's read (by its xmin, as a read of the changes finds them,
 * newest first through the (project_id, updated_at) index), a deletion happened that the read did not see
 * (task_deletions), or the statuses or cards changed. The first may say yes for a row the read did see, written by a
 * transaction that committed just before it: the caller then reads the changes, finds them the same, and the
 * next check starts from a newer xmin. Counting the tasks instead, as this did before, cost 1.3–2.8 ms of the
 * database per read of a board of 5,000.
 */
export function createBoardChecks(db: Db) {
  const member = and(
    eq(projectMembers.projectId, sql.placeholder('projectId')),
    eq(projectMembers.userId, sql.placeholder('userId')),
  );
  // Prepared once: they run before every board answer. Raw names inside the subqueries: drizzle leaves a one-table
  // select's columns unqualified, and an inner `project_id` would name the inner table's. The tasks are looked at
  // in a scalar subquery, not exists(): PostgreSQL drops an EXISTS subquery's ORDER BY and LIMIT, and scanned the
  // index oldest first, through every row of the clock's slack written before the read (about 440, 0.5–0.8 ms,
  // on a board where people move 1,400 tasks a second), before it reached a new one.
  const roleOnly = db.select({ role: projectMembers.role }).from(projectMembers).where(member).prepare('board_role');
  const withChanges = db
    .select({
      role: projectMembers.role,
      changed: sql<boolean>`(
        coalesce((select true from tasks t where t.project_id = project_members.project_id
          and t.updated_at >= to_timestamp(${sql.placeholder('updatedFrom')}::double precision - ${clockSlackSeconds})
          and age(t.xmin) <= age(${sql.placeholder('xmin')}::xid)
          order by t.updated_at desc limit 1), false)
        or ${deletedSince(projectOfMember, sql`${sql.placeholder('snapshot')}`)}
        or ${othersVersion(projectOfMember)} is distinct from ${sql.placeholder('others')})`,
    })
    .from(projectMembers)
    .where(member)
    .prepare('board_changed');
  return {
    /**
     * The caller's role, and whether the board changed since `keptAt` (true without one). Also true when the kept
     * read leaves the time bound unknown (a transaction was running from before every read the model kept): looking
     * at every task of the project at each request cost more than counting them did, and a read of the changes
     * gives the model a bound for the next check.
     * @throws projects/not-found (not a member)
     */
    async read(
      projectId: string,
      userId: string,
      keptAt: BoardKeptAt | undefined,
    ): Promise<{ role: ProjectRole; changed: boolean }> {
      if (!keptAt || keptAt.updatedFrom === null) {
        const [row] = await roleOnly.execute({ projectId, userId });
        if (!row) throw projectNotFound();
        return { role: row.role, changed: true };
      }
      const [row] = await withChanges.execute({
        projectId,
        userId,
        xmin: xid32(keptAt.xmin),
        snapshot: keptAt.snapshot,
        updatedFrom: keptAt.updatedFrom,
        others: keptAt.others,
      });
      if (!row) throw projectNotFound();
      return row;
    },
  };
}
