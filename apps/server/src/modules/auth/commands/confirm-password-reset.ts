import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { users } from '../../../db/schema/users';
import { AppError } from '../../../platform/errors';
import { getProfile } from '../../profile/queries/profiles';
import { consumeOneTimeToken, peekOneTimeToken } from '../one-time-tokens';
import { hashPassword, weakPasswordReason } from '../passwords';
import { revokeAllRefreshTokens } from './refresh-tokens';

/**
 * Sets a new password with a mailed token, then signs the account out everywhere. Following the
 * link also proves the address, so it counts as verified.
 * @throws auth/invalid-reset-token (unknown, used or expired) · auth/weak-password
 */
export async function confirmPasswordReset(deps: AppDeps, token: string, password: string): Promise<void> {
  const invalid = () => new AppError('auth/invalid-reset-token', 'This reset link is invalid or has expired');
  const userId = await peekOneTimeToken(deps.db, token, 'password-reset');
  if (!userId) throw invalid();
  const profile = await getProfile(deps.db, userId);
  const weakness = await weakPasswordReason(password, [profile.email, profile.email.split('@')[0] ?? '', profile.name]);
  if (weakness) throw new AppError('auth/weak-password', weakness);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    if ((await consumeOneTimeToken(tx, token, 'password-reset')) !== userId) throw invalid();
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await revokeAllRefreshTokens(tx, userId);
  });
}
