import type { Profile } from '@deckhand/contract/profile';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { profiles } from '../../../db/schema/profiles';
import { users } from '../../../db/schema/users';
import { AppError } from '../../../platform/errors';
import { createProfileIfMissing } from '../commands/create-profile';

async function selectProfile(db: Db, userId: string): Promise<Profile | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: profiles.name,
      avatar_url: profiles.avatarUrl,
      color: profiles.color,
      last_project_id: profiles.lastProjectId,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { emailVerifiedAt, ...profile } = row;
  return { ...profile, email_verified: emailVerifiedAt !== null };
}

/** Display names by account id, in one read; accounts without a profile are left out. */
export async function profileNames(db: Db, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: profiles.userId, name: profiles.name })
    .from(profiles)
    .where(inArray(profiles.userId, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.userId, row.name]));
}

/**
 * The caller's profile, created on first read if missing.
 * @throws auth/unauthenticated when the account no longer exists
 */
export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const existing = await selectProfile(db, userId);
  if (existing) return existing;
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!account) throw new AppError('auth/unauthenticated', 'This account no longer exists');
  await createProfileIfMissing(db, { userId });
  const created = await selectProfile(db, userId);
  if (!created) throw new Error(`profile of ${userId} vanished after creation`);
  return created;
}
