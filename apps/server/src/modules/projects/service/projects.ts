import type { Project } from '@deckhand/contract/projects';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { files } from '../../../db/schema/files';
import { projects } from '../../../db/schema/projects';
import { projectNotFound } from './access';
import { selectProjects } from './project-dto';

/** @throws projects/not-found */
export async function getProject(db: Db, userId: string, projectId: string): Promise<Project> {
  const [project] = await selectProjects(db, userId, projectId);
  if (!project) throw projectNotFound();
  return project;
}

/** The project's name now (inside a write: as the write found it). @throws projects/not-found */
export async function readProjectName(db: Db, projectId: string): Promise<string> {
  const [row] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
  if (!row) throw projectNotFound();
  return row.name;
}

/**
 * The stored objects (bytes and thumbnails) of every file in the project, read before it is deleted: the rows go
 * with it by cascade, and the files area removes the objects once the deletion has committed.
 */
export async function storageKeysOfProject(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ key: files.storageKey, thumbnail: files.thumbnailKey })
    .from(files)
    .where(eq(files.projectId, projectId));
  return rows.flatMap((row) => (row.thumbnail ? [row.key, row.thumbnail] : [row.key]));
}

/** Moves the project up the caller's lists after any change inside it. */
export async function touchProject(db: Db, projectId: string): Promise<void> {
  await db.update(projects).set({ lastActivityAt: new Date() }).where(eq(projects.id, projectId));
}
