import type { Status } from '@deckhand/contract/statuses';
import type { Task } from '@deckhand/contract/tasks';
import type { EventBase } from '../../platform/domain-events';

/** A task a status's change or deletion moved or (un)completed, as it was before. */
export interface TaskRef {
  id: string;
  cardId: string;
  title: string;
  statusId: string;
  doneAt: string | null;
}

/** The domain events of tasks and the board's statuses. */
export interface TaskEvents {
  'task.created': EventBase & { task: Task };
  /** A change of its fields (`done` included, which moves it). */
  'task.updated': EventBase & { task: Task; previous: Task };
  /** A move on the board: to another status, or within its own. */
  'task.moved': EventBase & { task: Task; previous: Task };
  'task.deleted': EventBase & { task: Task };
  'status.created': EventBase & { status: Status };
  /** `changedTasks`: the tasks a change of category completed or reopened. */
  'status.updated': EventBase & { status: Status; previous: Status; changedTasks: TaskRef[] };
  /** `movedTasks` went to the end of `movedTo` first. */
  'status.deleted': EventBase & { status: Status; movedTo: Status | null; movedTasks: TaskRef[] };
}
