import type { Project, UpdateProjectInput } from '@deckhand/contract/projects';
import { eq } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { projects } from '../../../db/schema/projects';
import type { Actor } from '../../../platform/actor';
import { canEditProject } from '../policy';
import { forbidden, projectNotFound, requireMembership } from '../queries/access';
import { readProjectName } from '../queries/projects';
import { selectProject } from '../service/project-dto';

/**
 * Changes the project's name and/or description; records `project.updated` with the name it had.
 * @throws projects/not-found · projects/forbidden (below admin)
 */
export async function updateProject(
  deps: CommandDeps,
  actor: Actor,
  input: UpdateProjectInput & { projectId: string },
): Promise<Project> {
  const { projectId } = input;
  return deps.events.transaction(async ({ tx, emit }) => {
    const role = await requireMembership(tx, projectId, actor.userId);
    if (!canEditProject(role)) throw forbidden('Only admins can change the project');
    const previousName = await readProjectName(tx, projectId);
    const now = new Date();
    const [row] = await tx
      .update(projects)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        updatedAt: now,
        lastActivityAt: now,
      })
      .where(eq(projects.id, projectId))
      .returning({ name: projects.name });
    if (!row) throw projectNotFound();
    emit({ type: 'project.updated', actor, projectId, name: row.name, previousName });
    return selectProject(tx, actor.userId, projectId);
  });
}
