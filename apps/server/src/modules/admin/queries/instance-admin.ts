import { asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema/users';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { canAdministerInstance } from '../policy';

export type AdminDeps = Pick<AppDeps, 'db' | 'config'>;

/**
 * Lets instance admins through. Everyone else, signed in or not, learns nothing: the admin area
 * answers them as if it did not exist.
 * @throws admin/not-found
 */
export async function requireInstanceAdmin(deps: AdminDeps, actor: Actor | null): Promise<void> {
  if (actor && (await isInstanceAdmin(deps.db, deps.config.adminEmails, actor))) return;
  throw new AppError('admin/not-found', 'Not found');
}

export async function isInstanceAdmin(db: Db, adminEmails: string[], actor: Actor): Promise<boolean> {
  const first = db.select({ id: users.id }).from(users).orderBy(asc(users.createdAt), asc(users.id)).limit(1);
  const [user] = await db
    .select({ id: users.id, email: users.email, firstUserId: sql<string>`(${first})` })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!user) return false;
  return canAdministerInstance(user, { adminEmails, firstUserId: user.firstUserId });
}
