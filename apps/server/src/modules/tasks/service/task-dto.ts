import type { Task, TaskPriority } from '@deckhand/contract/tasks';
import { sql } from 'drizzle-orm';
import { isoTimestamp } from '../../../db/iso-timestamp';
import { cards } from '../../../db/schema/cards';
import { profiles } from '../../../db/schema/profiles';
import { tasks } from '../../../db/schema/tasks';

/** What a task is read as; pair with `.innerJoin(cards, taskCardJoin).leftJoin(profiles, taskAuthorJoin)`. */
export const taskColumns = {
  id: tasks.id,
  projectId: tasks.projectId,
  cardId: tasks.cardId,
  cardTitle: cards.title,
  title: tasks.title,
  statusId: tasks.statusId,
  position: tasks.position,
  assigneeIds: tasks.assigneeIds,
  dueAt: sql<string | null>`${isoTimestamp(tasks.dueAt)}`,
  priority: tasks.priority,
  labels: tasks.labels,
  doneAt: sql<string | null>`${isoTimestamp(tasks.doneAt)}`,
  createdBy: tasks.createdBy,
  // The author's current name; the one stored with the task once their account is gone.
  createdByName: sql<string>`coalesce(${profiles.name}, ${tasks.createdByName})`,
  createdAt: isoTimestamp(tasks.createdAt),
  updatedAt: isoTimestamp(tasks.updatedAt),
};

export const taskCardJoin = sql`${cards.id} = ${tasks.cardId}`;
export const taskAuthorJoin = sql`${profiles.userId} = ${tasks.createdBy}`;

export interface TaskRow {
  id: string;
  projectId: string;
  cardId: string;
  cardTitle: string;
  title: string;
  statusId: string;
  position: string;
  assigneeIds: string[];
  dueAt: string | null;
  priority: TaskPriority;
  labels: string[];
  doneAt: string | null;
  createdBy: string | null;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
}

export function toTaskDto(row: TaskRow): Task {
  return {
    id: row.id,
    project_id: row.projectId,
    card_id: row.cardId,
    card_title: row.cardTitle,
    title: row.title,
    status_id: row.statusId,
    position: row.position,
    assignee_ids: row.assigneeIds,
    due_at: row.dueAt,
    priority: row.priority,
    labels: row.labels,
    done_at: row.doneAt,
    created_by: { user_id: row.createdBy, name: row.createdByName },
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  };
}
