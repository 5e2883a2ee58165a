import type { Project } from '@deckhand/contract/projects';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { projects } from '../../../db/schema/projects';
import { selectProjects } from '../service/project-dto';
import { projectNotFound } from './access';

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

/** The caller's projects among `projectIds` (an API token's limit), most recently active first. */
export async function listProjectsWithin(db: Db, userId: string, projectIds: string[]): Promise<Project[]> {
  return (await selectProjects(db, userId)).filter((project) => projectIds.includes(project.id));
}
