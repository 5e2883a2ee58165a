import type { Task } from '@deckhand/contract/tasks';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { tasks } from '../../db/schema/tasks';
import { publishToMembers } from '../projects/queries/audience';
import type { TaskRef } from './events';
import { notifyAssignees } from './notify';
import { needsReminders, scheduleReminders } from './reminders';
import { createDefaultStatuses } from './service/statuses';
import { readTasks } from './service/tasks';

type TaskLiveType = 'task_created' | 'task_updated' | 'task_moved' | 'task_deleted';

const liveTypes = {
  'task.created': 'task_created',
  'task.updated': 'task_updated',
  'task.moved': 'task_moved',
  'task.deleted': 'task_deleted',
} as const satisfies Record<string, TaskLiveType>;

function recordTaskUsage(deps: AppDeps, userId: string | undefined, task: Task, change: TaskLiveType): void {
  void deps.usage.record({
    name: 'task_updated',
    userId,
    properties: { project_id: task.project_id, card_id: task.card_id, task_id: task.id, change },
  });
}

/** The usage event every task change records, for the tasks a change of their status moved or (un)completed. */
function recordRefs(
  deps: AppDeps,
  userId: string | undefined,
  projectId: string,
  refs: TaskRef[],
  change: TaskLiveType,
) {
  for (const task of refs) {
    void deps.usage.record({
      name: 'task_updated',
      userId,
      properties: { project_id: projectId, card_id: task.cardId, task_id: task.id, change },
    });
  }
}

/** What follows a change of tasks and statuses: live events, usage events, notifications and reminders. */
export function registerTaskSubscribers(deps: AppDeps): void {
  const { events } = deps;
  // A new project's board starts with its columns (To do, In progress, Done), in the project's own transaction.
  events.subscribeWithin({
    name: 'tasks.default-statuses',
    on: ['project.created'],
    handle: (event, { tx }) => createDefaultStatuses(tx, event.projectId),
  });
  events.subscribe({
    name: 'tasks.live-and-usage',
    on: ['task.created', 'task.updated', 'task.moved', 'task.deleted'],
    async handle(event) {
      const { task } = event;
      const type = liveTypes[event.type];
      recordTaskUsage(deps, event.actor?.userId, task, type);
      await publishToMembers(deps, task.project_id, {
        type,
        project_id: task.project_id,
        card_id: task.card_id,
        task_id: task.id,
      });
    },
  });

  events.subscribe({
    name: 'tasks.assignment-notifications',
    on: ['task.created', 'task.updated'],
    durable: true,
    wants: (event) => {
      const before = event.type === 'task.updated' ? event.previous.assignee_ids : [];
      return event.task.assignee_ids.some((id) => id !== event.actor?.userId && !before.includes(id));
    },
    handle: (event) =>
      notifyAssignees(deps, event.actor?.userId ?? '', {
        task: event.task,
        previous: event.type === 'task.updated' ? event.previous : null,
      }),
  });

  events.subscribe({
    name: 'tasks.reminders',
    on: ['task.created', 'task.updated', 'task.moved'],
    durable: true,
    wants: (event) =>
      needsReminders({ task: event.task, previous: event.type === 'task.created' ? null : event.previous }),
    handle: (event) => scheduleReminders(deps, event.task),
  });

  // An import brings tasks without their events: those still open, assigned and due ahead get their reminders
  // (not those long overdue in the file: history arriving is not news).
  events.subscribe({
    name: 'tasks.imported-reminders',
    on: ['project.imported'],
    durable: true,
    async handle(event) {
      const due = await readTasks(
        deps.db,
        and(
          eq(tasks.projectId, event.projectId),
          gt(tasks.dueAt, new Date()),
          isNull(tasks.doneAt),
          sql`cardinality(${tasks.assigneeIds}) > 0`,
        ),
      );
      for (const task of due) await scheduleReminders(deps, task);
    },
  });

  events.subscribe({
    name: 'statuses.live-and-usage',
    on: ['status.created', 'status.updated', 'status.deleted'],
    async handle(event) {
      const { status } = event;
      const projectId = status.project_id;
      const userId = event.actor?.userId;
      if (event.type === 'status.updated') recordRefs(deps, userId, projectId, event.changedTasks, 'task_updated');
      if (event.type === 'status.deleted') recordRefs(deps, userId, projectId, event.movedTasks, 'task_moved');
      const type =
        event.type === 'status.created'
          ? 'status_created'
          : event.type === 'status.updated'
            ? 'status_updated'
            : 'status_deleted';
      // One event for a deletion, not one per task moved: clients read the board (and cards' tasks) again on it.
      await publishToMembers(deps, projectId, { type, project_id: projectId, status_id: status.id });
    },
  });
}
