import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { users } from '../../../db/schema/users';
import { AppError } from '../../../platform/errors';
import { recordHits, secondsUntilAllowed } from '../../../platform/rate-limit';
import { getProfile } from '../../profile/service';
import { resetRequestLimits } from '../login-limits';
import { passwordResetMail } from '../mails';
import { consumeOneTimeToken, createOneTimeToken, peekOneTimeToken } from '../one-time-tokens';
import { hashPassword, weakPasswordReason } from '../passwords';
import { revokeAllRefreshTokens } from '../refresh-tokens';
import { findUserByEmail, requireValidEmail } from '../users';

/**
 * Mails a single-use reset link (1 hour) when the account exists. The answer and its timing are the
 * same either way (the mail goes out in the background), so nobody learns who has an account.
 * @throws auth/invalid-email · request/rate-limited (per address only)
 */
export async function requestPasswordReset(deps: AppDeps, rawEmail: string, address: string): Promise<void> {
  const email = requireValidEmail(rawEmail);
  const byAddress = [{ limit: resetRequestLimits.address, key: address }];
  const waitSeconds = await secondsUntilAllowed(deps.rateLimits, byAddress);
  if (waitSeconds > 0) {
    throw new AppError('request/rate-limited', 'Too many reset requests, try again later', {
      retryAfterSeconds: waitSeconds,
    });
  }
  const byAccount = [{ limit: resetRequestLimits.account, key: email }];
  const accountSaturated = (await secondsUntilAllowed(deps.rateLimits, byAccount)) > 0;
  await recordHits(deps.rateLimits, accountSaturated ? byAddress : [...byAddress, ...byAccount]);
  // Past the per-account limit the answer stays the same, so it reveals nothing; no more mail is sent.
  if (accountSaturated) return;
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await createOneTimeToken(deps.db, user.id, 'password-reset');
  const url = `${deps.config.publicUrl}/login?mode=reset&token=${encodeURIComponent(token)}`;
  deps.mailer.sendInBackground(passwordResetMail(user.email, url));
}

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
