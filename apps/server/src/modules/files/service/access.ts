import type { ProjectRole } from '@deckhand/contract/projects';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { files } from '../../../db/schema/files';
import { projectMembers } from '../../../db/schema/projects';
import { AppError } from '../../../platform/errors';

export function fileNotFound(): AppError {
  return new AppError('files/not-found', 'No such file');
}

export function fileForbidden(message: string): AppError {
  return new AppError('files/forbidden', message);
}

export interface FileAccess {
  projectId: string;
  uploaderId: string | null;
  storageKey: string;
  thumbnailKey: string | null;
  role: ProjectRole;
}

/**
 * The file with the caller's role in its project, in one read. A file of a project the caller is not a member of
 * is reported exactly like one that does not exist. @throws files/not-found
 */
export async function requireFileAccess(db: Db, fileId: string, userId: string): Promise<FileAccess> {
  const [row] = await db
    .select({
      projectId: files.projectId,
      uploaderId: files.uploaderId,
      storageKey: files.storageKey,
      thumbnailKey: files.thumbnailKey,
      role: projectMembers.role,
    })
    .from(files)
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, files.projectId), eq(projectMembers.userId, userId)))
    .where(eq(files.id, fileId));
  if (!row) throw fileNotFound();
  return row;
}
