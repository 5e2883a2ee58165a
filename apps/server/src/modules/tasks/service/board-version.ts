import type { ProjectRole } from '@deckhand/contract/projects';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { projectMembers } from '../../../db/schema/projects';
import { projectNotFound } from '../../projects/queries/access';

/**
 * Names the state of everything a board shows, read without writing anything: for the project's tasks, statuses
 * and cards, how many there are and when the latest of them changed. Every change to a task or a status sets its
 * updated_at from the database clock (microseconds, clock_timestamp), a deletion changes a count, and a card's
 * rename or archiving moves its updated_at; a move stays one row write. The tasks' part comes from the index on
 * (project_id, updated_at) alone.
 */
export function createBoardVersions(db: Db) {
  // Prepared once: it runs before every board answer, cached or not. Raw names inside the subqueries: drizzle
  // leaves a one-table select's columns unqualified, and an inner `project_id` would name the inner table's.
  const read = db
    .select({
      role: projectMembers.role,
      version: sql<string>`concat_ws('|',
        (select count(*) || ':' || coalesce(max(vt.updated_at)::text, '') from tasks vt
          where vt.project_id = project_members.project_id),
        (select count(*) || ':' || coalesce(max(vs.updated_at)::text, '') from task_statuses vs
          where vs.project_id = project_members.project_id),
        (select count(*) || ':' || coalesce(max(vc.updated_at)::text, '') from cards vc
          where vc.project_id = project_members.project_id))`,
    })
    .from(projectMembers)
    .where(
      and(
        eq(projectMembers.projectId, sql.placeholder('projectId')),
        eq(projectMembers.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('board_version');
  return {
    /** The caller's role and the board's version. @throws projects/not-found (not a member) */
    async read(projectId: string, userId: string): Promise<{ role: ProjectRole; version: string }> {
      const [row] = await read.execute({ projectId, userId });
      if (!row) throw projectNotFound();
      return row;
    },
  };
}
