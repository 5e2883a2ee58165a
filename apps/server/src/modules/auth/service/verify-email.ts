import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { users } from '../../../db/schema/users';
import { AppError } from '../../../platform/errors';
import { recordHits, secondsUntilAllowed } from '../../../platform/rate-limit';
import { getProfile } from '../../profile/service';
import { verificationMailLimit } from '../login-limits';
import { verificationMail } from '../mails';
import { consumeOneTimeToken, createOneTimeToken } from '../one-time-tokens';

/** Mails a link to PUBLIC_URL/login?mode=verify&token=… that verifies the address when opened. */
export async function sendVerificationMail(deps: AppDeps, userId: string, email: string, name: string): Promise<void> {
  const token = await createOneTimeToken(deps.db, userId, 'verify-email');
  const url = `${deps.config.publicUrl}/login?mode=verify&token=${encodeURIComponent(token)}`;
  deps.mailer.sendInBackground(verificationMail(email, name, url));
}

/** @throws auth/invalid-verification-token for an unknown, used or expired token */
export async function verifyEmail(deps: AppDeps, token: string): Promise<void> {
  const userId = await consumeOneTimeToken(deps.db, token, 'verify-email');
  if (!userId)
    throw new AppError('auth/invalid-verification-token', 'This verification link is invalid or has expired');
  await deps.db.update(users).set({ emailVerifiedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Sends the verification mail again, unless the address is already verified.
 * @throws request/rate-limited after a few resends in a short time
 */
export async function resendVerificationMail(deps: AppDeps, userId: string): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('auth/unauthenticated', 'This account no longer exists');
  if (user.emailVerifiedAt) return;
  const limit = [{ limit: verificationMailLimit, key: userId }];
  const waitSeconds = await secondsUntilAllowed(deps.rateLimits, limit);
  if (waitSeconds > 0) {
    throw new AppError('request/rate-limited', 'A verification mail was sent recently, please check your inbox', {
      retryAfterSeconds: waitSeconds,
    });
  }
  await recordHits(deps.rateLimits, limit);
  const profile = await getProfile(deps.db, userId);
  await sendVerificationMail(deps, userId, user.email, profile.name);
}
