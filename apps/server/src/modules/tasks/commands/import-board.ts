import type { StatusCategory } from '@deckhand/contract/statuses';
import type { TaskPriority } from '@deckhand/contract/tasks';
import { insertBulk } from '../../../db/bulk-insert';
import type { Db } from '../../../db/client';
import { taskStatuses } from '../../../db/schema/tasks';
import { keyBetween } from '../service/order-keys';

export interface ImportedStatus {
  id: string;
  name: string;
  color: string;
  category: StatusCategory;
  wipLimit: number | null;
}

export interface ImportedTask {
  id: string;
  projectId: string;
  cardId: string;
  statusId: string;
  title: string;
  assigneeIds: string[];
  dueAt: Date | null;
  priority: TaskPriority;
  labels: string[];
  doneAt: Date | null;
  createdBy: string | null;
  createdByName: string;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * Writes an imported board's columns in the order given (modules/transfer). Keys are made here, not taken from
 * the file: order keys are this server's business, and the order is the file's.
 */
export async function importStatuses(db: Db, projectId: string, statuses: ImportedStatus[]): Promise<void> {
  let last: string | null = null;
  const rows = statuses.map((status) => {
    last = keyBetween(last, null);
    return { ...status, projectId, position: last };
  });
  if (rows.length) await db.insert(taskStatuses).values(rows);
}

/**
 * Appends imported tasks to their columns in the order given, a batch at a time: `lastKeys` carries each
 * column's last key from one batch to the next. Due reminders are not queued: an import brings history, and
 * the tasks' due dates remind from their next change.
 */
export async function importTasks(db: Db, rows: ImportedTask[], lastKeys: Map<string, string>): Promise<void> {
  if (rows.length === 0) return;
  const positions = rows.map((row) => {
    const position = keyBetween(lastKeys.get(row.statusId) ?? null, null);
    lastKeys.set(row.statusId, position);
    return position;
  });
  await insertBulk(db, 'tasks', [
    { name: 'id', type: 'uuid', values: rows.map((row) => row.id) },
    { name: 'project_id', type: 'uuid', values: rows.map((row) => row.projectId) },
    { name: 'card_id', type: 'uuid', values: rows.map((row) => row.cardId) },
    { name: 'status_id', type: 'uuid', values: rows.map((row) => row.statusId) },
    { name: 'title', type: 'text', values: rows.map((row) => row.title) },
    { name: 'position', type: 'text', values: positions },
    { name: 'assignee_ids', type: 'uuid[]', values: rows.map((row) => row.assigneeIds) },
    { name: 'due_at', type: 'timestamptz', values: rows.map((row) => row.dueAt) },
    { name: 'priority', type: 'text', values: rows.map((row) => row.priority) },
    { name: 'labels', type: 'text[]', values: rows.map((row) => row.labels) },
    { name: 'done_at', type: 'timestamptz', values: rows.map((row) => row.doneAt) },
    { name: 'created_by', type: 'uuid', values: rows.map((row) => row.createdBy) },
    { name: 'created_by_name', type: 'text', values: rows.map((row) => row.createdByName) },
    { name: 'created_at', type: 'timestamptz', values: rows.map((row) => row.createdAt) },
    { name: 'updated_at', type: 'timestamptz', values: rows.map((row) => row.updatedAt) },
  ]);
}
