import type { AppDeps } from '../../app-deps';
import { notifyOrThrow } from '../notifications/commands/notify';
import { profileNames } from '../profile/queries/profiles';
import type { TaskChange } from './service/tasks';

/**
 * After a task was created or changed: `task_assigned` to each person newly assigned by someone else. A throw
 * leaves it to be tried again (it runs from the outbox).
 */
export async function notifyAssignees(deps: AppDeps, actorId: string, change: TaskChange): Promise<void> {
  const { task, previous } = change;
  const before = previous?.assignee_ids ?? [];
  const added = task.assignee_ids.filter((id) => id !== actorId && !before.includes(id));
  if (added.length === 0) return;
  const actorName = (await profileNames(deps.db, [actorId])).get(actorId) ?? 'Someone';
  for (const userId of added) {
    await notifyOrThrow(deps, {
      userId,
      type: 'task_assigned',
      title: `${actorName} assigned you “${task.title}”`,
      message: `On ${task.card_title}`,
      projectId: task.project_id,
      cardId: task.card_id,
      taskId: task.id,
      author: { id: actorId, name: actorName },
    });
  }
}
