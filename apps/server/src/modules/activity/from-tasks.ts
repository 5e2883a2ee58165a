import type { Task } from '@deckhand/contract/tasks';
import type { DomainEventMap } from '../../domain-events';
import type { EventOf } from '../../platform/domain-events';
import type { PendingActivity } from './pending';

type TaskEvent = EventOf<DomainEventMap, 'task.created' | 'task.updated' | 'task.moved' | 'task.deleted'>;
type StatusEvent = EventOf<DomainEventMap, 'status.created' | 'status.updated' | 'status.deleted'>;

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** The entries of a change between two states of a task: one per verb it calls for. */
function taskChanges(base: Omit<PendingActivity, 'verb'>, task: Task, previous: Task): PendingActivity[] {
  const entries: PendingActivity[] = [];
  const add = (verb: PendingActivity['verb'], extra: Partial<PendingActivity> = {}) =>
    entries.push({ ...base, verb, ...extra });
  if (task.title !== previous.title)
    add('task.renamed', { changes: { title: { from: previous.title, to: task.title } } });
  const assignees = { from: previous.assignee_ids, to: task.assignee_ids };
  if (task.assignee_ids.some((id) => !previous.assignee_ids.includes(id))) add('task.assigned', { assignees });
  if (previous.assignee_ids.some((id) => !task.assignee_ids.includes(id))) add('task.unassigned', { assignees });
  if (task.due_at !== previous.due_at)
    add('task.due_changed', { changes: { due_at: { from: previous.due_at, to: task.due_at } } });
  if (task.priority !== previous.priority) {
    add('task.priority_changed', { changes: { priority: { from: previous.priority, to: task.priority } } });
  }
  if (!sameList(task.labels, previous.labels)) {
    add('task.labels_changed', { changes: { labels: { from: previous.labels, to: task.labels } } });
  }
  const status =
    task.status_id === previous.status_id
      ? undefined
      : { from: { id: previous.status_id }, to: { id: task.status_id } };
  // Done and not done follow the status: a change of either is one entry, whichever way it was asked for.
  if (!previous.done_at && task.done_at) add('task.completed', { status });
  else if (previous.done_at && !task.done_at) add('task.reopened', { status });
  else if (status) add('task.moved', { status });
  return entries;
}

/** The history's entries for a change of a task. */
export function activityOfTask(event: TaskEvent): PendingActivity[] {
  const { task } = event;
  const base = {
    projectId: task.project_id,
    cardId: task.card_id,
    taskId: task.id,
    actorId: event.actor?.userId ?? null,
    subject: task.title,
    at: new Date(),
  };
  switch (event.type) {
    case 'task.created':
      return [{ ...base, verb: 'task.created' }];
    case 'task.deleted':
      return [{ ...base, verb: 'task.deleted' }];
    default:
      return taskChanges(base, task, event.previous);
  }
}

/** The history's entries for a change of a status, and for what it did to its tasks (by the system). */
export function activityOfStatus(event: StatusEvent): PendingActivity[] {
  const { status } = event;
  const at = new Date();
  const base = { projectId: status.project_id, actorId: event.actor?.userId ?? null, subject: status.name, at };
  if (event.type === 'status.created') return [{ ...base, verb: 'status.created' }];
  if (event.type === 'status.updated') {
    const entries: PendingActivity[] = [];
    if (status.name !== event.previous.name) {
      entries.push({
        ...base,
        verb: 'status.renamed',
        changes: { name: { from: event.previous.name, to: status.name } },
      });
    }
    // A change of category completes or reopens the tasks in it: the system did that, not a person.
    for (const task of event.changedTasks) {
      entries.push({
        projectId: status.project_id,
        cardId: task.cardId,
        taskId: task.id,
        actorId: null,
        verb: task.doneAt ? 'task.reopened' : 'task.completed',
        subject: task.title,
        at,
      });
    }
    return entries;
  }
  const entries: PendingActivity[] = [{ ...base, verb: 'status.deleted' }];
  const { movedTo } = event;
  if (!movedTo) return entries;
  for (const task of event.movedTasks) {
    entries.push({
      projectId: status.project_id,
      cardId: task.cardId,
      taskId: task.id,
      actorId: null,
      verb: 'task.moved',
      subject: task.title,
      status: { from: { id: status.id, name: status.name }, to: { id: movedTo.id, name: movedTo.name } },
      at,
    });
  }
  return entries;
}
