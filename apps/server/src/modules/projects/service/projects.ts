import type { CreateProjectInput, Project, UpdateProjectInput } from '@deckhand/contract/projects';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { projectMembers, projects } from '../../../db/schema/projects';
import { createDefaultStatuses } from '../../tasks/service/statuses';
import { canDeleteProject, canEditProject } from '../policy';
import { forbidden, listMemberIds, projectNotFound, requireMembership } from './access';
import { selectProject, selectProjects } from './project-dto';

/** Creates a project with the caller as its owner. */
export async function createProject(db: Db, userId: string, input: CreateProjectInput): Promise<Project> {
  const project = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(projects)
      .values({ name: input.name, description: input.description ?? '' })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await tx.insert(projectMembers).values({ projectId: row.id, userId, role: 'owner' });
    // Its board's columns: To do, In progress, Done.
    await createDefaultStatuses(tx, row.id);
    return row;
  });
  return selectProject(db, userId, project.id);
}

/** @throws projects/not-found */
export async function getProject(db: Db, userId: string, projectId: string): Promise<Project> {
  const [project] = await selectProjects(db, userId, projectId);
  if (!project) throw projectNotFound();
  return project;
}

/** @throws projects/not-found · projects/forbidden (below admin) */
export async function updateProject(
  db: Db,
  userId: string,
  projectId: string,
  input: UpdateProjectInput,
): Promise<{ project: Project; memberIds: string[] }> {
  const role = await requireMembership(db, projectId, userId);
  if (!canEditProject(role)) throw forbidden('Only admins can change the project');
  const now = new Date();
  const [row] = await db
    .update(projects)
    .set({
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      updatedAt: now,
      lastActivityAt: now,
    })
    .where(eq(projects.id, projectId))
    .returning();
  if (!row) throw projectNotFound();
  return { project: await selectProject(db, userId, projectId), memberIds: await listMemberIds(db, projectId) };
}

/**
 * Deletes the project and everything in it.
 * @returns who was a member, to tell them
 * @throws projects/not-found · projects/forbidden (not the owner)
 */
export async function deleteProject(db: Db, userId: string, projectId: string): Promise<string[]> {
  const role = await requireMembership(db, projectId, userId);
  if (!canDeleteProject(role)) throw forbidden('Only the owner can delete the project');
  const memberIds = await listMemberIds(db, projectId);
  await db.delete(projects).where(and(eq(projects.id, projectId)));
  return memberIds;
}

/** Moves the project up the caller's lists after any change inside it. */
export async function touchProject(db: Db, projectId: string): Promise<void> {
  await db.update(projects).set({ lastActivityAt: new Date() }).where(eq(projects.id, projectId));
}
