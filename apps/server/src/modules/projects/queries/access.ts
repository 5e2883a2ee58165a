import type { ProjectRole } from '@deckhand/contract/projects';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { projectMembers } from '../../../db/schema/projects';
import { AppError } from '../../../platform/errors';

export function projectNotFound(): AppError {
  return new AppError('projects/not-found', 'No such project');
}

export function forbidden(message: string): AppError {
  return new AppError('projects/forbidden', message);
}

/**
 * The caller's role in the project. A project they are not a member of is reported exactly like
 * one that does not exist, so its existence never leaks.
 * @throws projects/not-found
 */
export async function requireMembership(db: Db, projectId: string, userId: string): Promise<ProjectRole> {
  const [row] = await db
    .select({ role: projectMembers.role })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  if (!row) throw projectNotFound();
  return row.role;
}

/** Every member's user id: who a live event about this project goes to. */
export async function listMemberIds(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId));
  return rows.map((r) => r.userId);
}

/** Admins and the owner: who sees pending invitations, and so who hears when they change. */
export async function listManagerIds(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.role, ['admin', 'owner'])));
  return rows.map((r) => r.userId);
}
