import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { projects } from '../../db/schema/projects';
import type { Actor } from '../../platform/actor';
import { activityOfCard, activityOfChat, activityOfFile } from './from-cards';
import { activityOfProject } from './from-projects';
import { activityOfStatus, activityOfTask } from './from-tasks';
import type { PendingActivity } from './pending';
import { createActivityRecorder } from './record';

/**
 * The activity history follows the domain events of every area but chat messages (their own history). It is not
 * an effect that must survive a crash, so it runs in the process after the commit, in batches.
 */
export function registerActivitySubscribers(deps: AppDeps): void {
  const recorder = createActivityRecorder(deps);
  deps.events.onClose(() => recorder.flush());
  /** Records what an event made, noting when its actor came through an API token. */
  const recordAll = (entries: PendingActivity[], event: { actor: Actor | null }) => {
    const via = event.actor?.token ? ('token' as const) : undefined;
    for (const entry of entries) recorder.record(via ? { ...entry, via } : entry);
  };
  const { events } = deps;
  events.subscribe({
    name: 'activity.tasks',
    on: ['task.created', 'task.updated', 'task.moved', 'task.deleted'],
    handle: (event) => recordAll(activityOfTask(event), event),
  });
  events.subscribe({
    name: 'activity.statuses',
    on: ['status.created', 'status.updated', 'status.deleted'],
    handle: (event) => recordAll(activityOfStatus(event), event),
  });
  events.subscribe({
    name: 'activity.cards',
    on: ['card.created', 'card.updated', 'card.deleted', 'card.body_edited'],
    handle: (event) => recordAll(activityOfCard(event), event),
  });
  events.subscribe({
    name: 'activity.chats',
    on: ['chat.created', 'chat.renamed', 'chat.deleted'],
    handle: (event) => recordAll(activityOfChat(event), event),
  });
  events.subscribe({
    name: 'activity.files',
    on: ['file.uploaded', 'file.deleted'],
    handle: (event) => recordAll(activityOfFile(event), event),
  });
  const projectName = async (projectId: string) => {
    const [row] = await deps.db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
    return row?.name ?? 'Project';
  };
  events.subscribe({
    name: 'activity.projects',
    on: [
      'project.created',
      'project.imported',
      'project.updated',
      'member.added',
      'member.role_changed',
      'member.removed',
    ],
    handle: async (event) => recordAll(await activityOfProject(event, projectName), event),
  });
}
