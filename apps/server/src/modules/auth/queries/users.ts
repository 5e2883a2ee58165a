import type { AuthUser } from '@deckhand/contract/auth';
import { emailMaxLength } from '@deckhand/contract/auth-limits';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { profiles } from '../../../db/schema/profiles';
import { users } from '../../../db/schema/users';
import { AppError } from '../../../platform/errors';

/** Addresses are compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

// One @, no spaces, a dotted domain: what mail servers accept in practice, without RFC 5322 corner cases.
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** @throws auth/invalid-email */
export function requireValidEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (normalized.length > emailMaxLength || !emailPattern.test(normalized)) {
    throw new AppError('auth/invalid-email', 'Enter a valid email address');
  }
  return normalized;
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** The `user` object of auth answers. */
export async function getAuthUser(db: Db, userId: string): Promise<AuthUser> {
  const [row] = await db
    .select({ id: users.id, email: users.email, name: profiles.name, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('auth/unauthenticated', 'This account no longer exists');
  return { id: row.id, email: row.email, name: row.name ?? 'User', email_verified: row.verifiedAt !== null };
}
