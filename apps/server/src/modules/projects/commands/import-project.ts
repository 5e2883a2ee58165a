import type { ProjectRole } from '@deckhand/contract/projects';
import { and, eq, notExists } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import type { Db } from '../../../db/client';
import { projectMembers, projects } from '../../../db/schema/projects';
import type { Actor } from '../../../platform/actor';

/**
 * The project an import writes into. It has no members until the import completes, so no one sees it half
 * written: lists, searches and live events all go through memberships.
 */
export async function startImportedProject(
  db: Db,
  project: { id: string; name: string; description: string; createdAt: Date; updatedAt: Date },
): Promise<void> {
  await db.insert(projects).values(project);
}

/**
 * Completes an import: its people become members (the importer the owner) and `project.imported` tells the
 * other areas that everything in it arrived (search indexes it, members hear of it).
 */
export async function completeImportedProject(
  deps: CommandDeps,
  actor: Actor,
  input: { projectId: string; members: { userId: string; role: ProjectRole }[]; withHistory: boolean },
): Promise<void> {
  await deps.events.transaction(async ({ tx, emit }) => {
    const [project] = await tx
      .update(projects)
      .set({ lastActivityAt: new Date() })
      .where(eq(projects.id, input.projectId))
      .returning({ name: projects.name });
    if (!project) throw new Error('the imported project is gone');
    // A millisecond apart in the order given, so lists show them in the file's joining order.
    const joinedAt = Date.now();
    await tx.insert(projectMembers).values(
      input.members.map((member, index) => ({
        ...member,
        projectId: input.projectId,
        joinedAt: new Date(joinedAt + index),
      })),
    );
    emit({
      type: 'project.imported',
      actor,
      projectId: input.projectId,
      name: project.name,
      members: input.members,
      withHistory: input.withHistory,
    });
  });
}

/**
 * Removes what an import wrote before it failed, as a deletion of the project does (its files' stored objects
 * go with it), but only while the project still has no members: a completed import is never undone here.
 */
export async function discardImportedProject(deps: CommandDeps, projectId: string): Promise<void> {
  await deps.events.transaction(async ({ tx, emit, settle }) => {
    const [locked] = await tx
      .select({ name: projects.name })
      .from(projects)
      .where(
        and(
          eq(projects.id, projectId),
          notExists(tx.select().from(projectMembers).where(eq(projectMembers.projectId, projectId))),
        ),
      )
      .for('update');
    if (!locked) return;
    emit({ type: 'project.deleted', actor: null, projectId, name: locked.name, memberIds: [] });
    await settle();
    await tx.delete(projects).where(eq(projects.id, projectId));
  });
}
