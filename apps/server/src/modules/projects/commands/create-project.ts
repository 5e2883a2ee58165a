import type { CreateProjectInput, Project } from '@deckhand/contract/projects';
import type { CommandDeps } from '../../../app-deps';
import { projectMembers, projects } from '../../../db/schema/projects';
import type { Actor } from '../../../platform/actor';
import { selectProject } from '../service/project-dto';

/**
 * A new project with the actor as its owner; records `project.created` (the tasks area adds the board's default
 * columns within the same transaction).
 */
export async function createProject(deps: CommandDeps, actor: Actor, input: CreateProjectInput): Promise<Project> {
  return deps.events.transaction(async ({ tx, emit, settle }) => {
    const [row] = await tx
      .insert(projects)
      .values({ name: input.name, description: input.description ?? '' })
      .returning({ id: projects.id, name: projects.name });
    if (!row) throw new Error('insert returned no row');
    await tx.insert(projectMembers).values({ projectId: row.id, userId: actor.userId, role: 'owner' });
    emit({ type: 'project.created', actor, projectId: row.id, name: row.name });
    await settle();
    return selectProject(tx, actor.userId, row.id);
  });
}
