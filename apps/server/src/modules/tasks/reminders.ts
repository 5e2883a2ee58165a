import type { Task } from '@deckhand/contract/tasks';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { tasks } from '../../db/schema/tasks';
import { users } from '../../db/schema/users';
import { notify } from '../notifications/commands/notify';
import { listMemberIds } from '../projects/queries/access';
import { reminderMail } from './mails';
import { readTask, type TaskChange } from './service/tasks';

const queue = 'task-reminders';
const dayMs = 24 * 60 * 60 * 1000;

type ReminderKind = 'due' | 'overdue';

/** A reminder job: which task, which reminder, for which due moment (a changed due date makes it stale). */
interface Reminder {
  task_id: string;
  kind: ReminderKind;
  due_at: string;
}

function isReminder(value: unknown): value is Reminder {
  if (typeof value !== 'object' || value === null) return false;
  const { task_id, kind, due_at } = value as Record<string, unknown>;
  return typeof task_id === 'string' && (kind === 'due' || kind === 'overdue') && typeof due_at === 'string';
}

/**
 * Whether a change calls for (new) reminders: a due date set or changed, the first assignees, or the task
 * reopened. Other changes (a title, a move between open columns) leave the queued ones as they are.
 */
export function needsReminders({ task, previous }: TaskChange): boolean {
  if (!task.due_at || task.done_at || task.assignee_ids.length === 0) return false;
  if (!previous) return true;
  return previous.due_at !== task.due_at || previous.assignee_ids.length === 0 || previous.done_at !== null;
}

/**
 * Queues the task's reminders for its due moment: "due" 24 hours before (at once when that is past but the
 * moment is not), "overdue" at the moment. Whether they still apply is decided when they fire, so a later due
 * date, completion or deletion needs no cancelling here.
 */
export async function scheduleReminders(deps: AppDeps, task: Task): Promise<void> {
  if (!task.due_at || task.done_at || task.assignee_ids.length === 0) return;
  const dueAt = new Date(task.due_at);
  const now = Date.now();
  if (dueAt.getTime() > now) {
    const soon = new Date(Math.max(now, dueAt.getTime() - dayMs));
    await deps.jobs.send(queue, { task_id: task.id, kind: 'due', due_at: task.due_at }, soon);
  }
  await deps.jobs.send(queue, { task_id: task.id, kind: 'overdue', due_at: task.due_at }, dueAt);
}

/** "24 Nov 2026, 15:00 UTC": mails and notifications go to people in any time zone. */
function formatDue(iso: string): string {
  const date = new Date(iso);
  const text = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
  return `${text} UTC`;
}

/**
 * Sends a reminder once: the task row is marked with the due moment it was sent for, in the same statement that
 * checks the task still exists, is not done and still has that due moment. With several instances (or a retry)
 * only the first to mark it sends.
 */
async function fireReminder(deps: AppDeps, reminder: Reminder): Promise<void> {
  const dueAt = new Date(reminder.due_at);
  const column = reminder.kind === 'due' ? tasks.dueRemindedFor : tasks.overdueRemindedFor;
  const field = reminder.kind === 'due' ? 'dueRemindedFor' : 'overdueRemindedFor';
  const [claimed] = await deps.db
    .update(tasks)
    .set({ [field]: dueAt })
    .where(
      and(
        eq(tasks.id, reminder.task_id),
        eq(tasks.dueAt, dueAt),
        isNull(tasks.doneAt),
        or(isNull(column), ne(column, dueAt)),
      ),
    )
    .returning({ id: tasks.id });
  if (!claimed) return;
  const task = await readTask(deps.db, reminder.task_id);
  const members = new Set(await listMemberIds(deps.db, task.project_id));
  const recipients = task.assignee_ids.filter((id) => members.has(id));
  const title = reminder.kind === 'due' ? `Due soon: ${task.title}` : `Overdue: ${task.title}`;
  const line =
    reminder.kind === 'due'
      ? `“${task.title}” on ${task.card_title} is due ${formatDue(task.due_at ?? reminder.due_at)}.`
      : `“${task.title}” on ${task.card_title} was due ${formatDue(task.due_at ?? reminder.due_at)} and is not done.`;
  const cardUrl = `${deps.config.publicUrl}/${task.project_id}/cards/${task.card_id}`;
  for (const userId of recipients) {
    await notify(deps, {
      userId,
      type: reminder.kind === 'due' ? 'task_due' : 'task_overdue',
      title,
      message: line,
      projectId: task.project_id,
      cardId: task.card_id,
      taskId: task.id,
      author: null,
    });
    const [user] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (user) deps.mailer.sendInBackground(reminderMail(user.email, title, line, cardUrl));
  }
}

/** Starts this instance's worker for reminders (every instance runs one; each job runs on one of them). */
export async function startReminderWorker(deps: AppDeps): Promise<void> {
  await deps.jobs.work(queue, async (data) => {
    if (!isReminder(data)) {
      deps.log.warn({ data }, 'reminder job with unexpected data, dropped');
      return;
    }
    await fireReminder(deps, data);
  });
}
