import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { users } from '../../../db/schema/users';
import { AppError } from '../../../platform/errors';
import { consumeOneTimeToken } from '../one-time-tokens';

/** @throws auth/invalid-verification-token for an unknown, used or expired token */
export async function verifyEmail(deps: AppDeps, token: string): Promise<void> {
  const userId = await consumeOneTimeToken(deps.db, token, 'verify-email');
  if (!userId)
    throw new AppError('auth/invalid-verification-token', 'This verification link is invalid or has expired');
  await deps.db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
}
