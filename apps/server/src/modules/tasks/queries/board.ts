import type { Board, MyWorkQuery, MyWorkTask } from '@deckhand/contract/tasks';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { cards } from '../../../db/schema/cards';
import { profiles } from '../../../db/schema/profiles';
import { projectMembers, projects } from '../../../db/schema/projects';
import { taskStatuses, tasks } from '../../../db/schema/tasks';
import { type Actor, projectLimitOf, withinProjectLimit } from '../../../platform/actor';
import type { AnswerCache, CachedAnswer } from '../../../platform/answer-cache';
import { projectNotFound, requireMembership } from '../../projects/queries/access';
import { createBoardVersions } from '../service/board-version';
import { readStatuses } from '../service/statuses';
import { taskAuthorJoin, taskCardJoin, taskColumns, toTaskDto } from '../service/task-dto';

/**
 * The board as sent, built again only when its version moved: a refetch that finds nothing changed costs one small
 * read. The same answer serves every member (it holds nothing per person). @throws projects/not-found
 */
export function createBoardAnswers({ db, answers }: { db: Db; answers: AnswerCache }) {
  const versions = createBoardVersions(db);
  return async (userId: string, projectId: string): Promise<CachedAnswer> => {
    const { version } = await versions.read(projectId, userId);
    return answers.get(`board:${projectId}`, version, async () => ({ value: await readBoard(db, projectId) }));
  };
}

/** Every task of the project's cards that are not archived, by status in board order (no access check). */
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
