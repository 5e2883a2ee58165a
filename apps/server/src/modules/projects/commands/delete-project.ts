import { eq } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { projects } from '../../../db/schema/projects';
import type { Actor } from '../../../platform/actor';
import { canDeleteProject } from '../policy';
import { forbidden, listMemberIds, projectNotFound, requireMembership } from '../queries/access';

/**
 * Deletes the project and everything in it; records `project.deleted` with who belonged to it, read before the
 * rows went, and lets the other areas' parts see them too (the files area reads its stored objects).
 * @throws projects/not-found · projects/forbidden (not the owner)
 */
export async function deleteProject(deps: CommandDeps, actor: Actor, input: { projectId: string }): Promise<void> {
  const { projectId } = input;
  await deps.events.transaction(async ({ tx, emit, settle }) => {
    const role = await requireMembership(tx, projectId, actor.userId);
    if (!canDeleteProject(role)) throw forbidden('Only the owner can delete the project');
    // Locked first: a file being added now waits for this deletion (its row's reference to the project needs the
    // row), so none slips in between the files area reading the keys and the delete.
    const [locked] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for('update');
    if (!locked) throw projectNotFound();
    const memberIds = await listMemberIds(tx, projectId);
    emit({ type: 'project.deleted', actor, projectId, name: locked.name, memberIds });
    await settle();
    await tx.delete(projects).where(eq(projects.id, projectId));
  });
}
