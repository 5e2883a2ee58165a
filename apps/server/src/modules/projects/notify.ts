import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { projects } from '../../db/schema/projects';
import { notifyOrThrow } from '../notifications/commands/notify';
import { getProfile } from '../profile/queries/profiles';

/** Names for the message, as they are when it is written. */
async function names(deps: AppDeps, projectId: string, actorId: string) {
  const [project] = await deps.db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
  const actor = await getProfile(deps.db, actorId);
  return { projectName: project?.name ?? 'a project', author: { id: actor.id, name: actor.name } };
}

/**
 * Tells people what happened to their membership. Runs after the change has committed, from the outbox: a throw
 * leaves it to be tried again.
 */
export async function notifyMembership(
  deps: AppDeps,
  event:
    | { kind: 'added'; projectId: string; actorId: string; userId: string; role: string }
    | { kind: 'role-changed'; projectId: string; actorId: string; userId: string; role: string }
    | { kind: 'removed'; projectId: string; actorId: string; userId: string }
    | { kind: 'invitation-accepted'; projectId: string; actorId: string; inviterId: string },
): Promise<void> {
  const { projectName, author } = await names(deps, event.projectId, event.actorId);
  if (event.kind === 'added') {
    await notifyOrThrow(deps, {
      userId: event.userId,
      type: 'project_member_added',
      title: `Added to ${projectName}`,
      message: `${author.name} added you to ${projectName} as ${event.role}.`,
      projectId: event.projectId,
      author,
    });
  } else if (event.kind === 'role-changed') {
    await notifyOrThrow(deps, {
      userId: event.userId,
      type: 'member_role_changed',
      title: `Your role in ${projectName} changed`,
      message: `${author.name} made you ${event.role} in ${projectName}.`,
      projectId: event.projectId,
      author,
    });
  } else if (event.kind === 'removed') {
    // No project link: the person can no longer open it.
    await notifyOrThrow(deps, {
      userId: event.userId,
      type: 'member_removed',
      title: `Removed from ${projectName}`,
      message: `${author.name} removed you from ${projectName}.`,
      author,
    });
  } else {
    await notifyOrThrow(deps, {
      userId: event.inviterId,
      type: 'invitation_accepted',
      title: `${author.name} joined ${projectName}`,
      message: `${author.name} accepted your invitation to ${projectName}.`,
      projectId: event.projectId,
      author,
    });
  }
}
