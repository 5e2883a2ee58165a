import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { projects } from '../../../db/schema/projects';

/** Moves the project up the caller's lists after any change inside it. */
export async function touchProject(db: Db, projectId: string): Promise<void> {
  await db.update(projects).set({ lastActivityAt: new Date() }).where(eq(projects.id, projectId));
}
