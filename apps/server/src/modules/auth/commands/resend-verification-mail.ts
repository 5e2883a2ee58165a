import { eq } from 'drizzle-orm';
import type { AppDeps, CommandDeps } from '../../../app-deps';
import { users } from '../../../db/schema/users';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { recordHits, secondsUntilAllowed } from '../../../platform/rate-limit';
import { getProfile } from '../../profile/queries/profiles';
import { verificationMailLimit } from '../login-limits';
import { createOneTimeToken } from '../one-time-tokens';

/**
 * Issues a fresh verification link for the actor's address (earlier ones stop working), unless it is already
 * verified. Records `user.verification_link_issued`, whose mail carries the link.
 * @throws auth/unauthenticated (account gone) · request/rate-limited after a few resends in a short time
 */
export async function resendVerificationMail(
  deps: CommandDeps & Pick<AppDeps, 'rateLimits'>,
  actor: Actor,
): Promise<void> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, actor.userId));
  if (!user) throw new AppError('auth/unauthenticated', 'This account no longer exists');
  if (user.emailVerifiedAt) return;
  const limit = [{ limit: verificationMailLimit, key: user.id }];
  const waitSeconds = await secondsUntilAllowed(deps.rateLimits, limit);
  if (waitSeconds > 0) {
    throw new AppError('request/rate-limited', 'A verification mail was sent recently, please check your inbox', {
      retryAfterSeconds: waitSeconds,
    });
  }
  await recordHits(deps.rateLimits, limit);
  await deps.events.transaction(async ({ tx, emit }) => {
    const profile = await getProfile(tx, user.id);
    const token = await createOneTimeToken(tx, user.id, 'verify-email');
    emit({
      type: 'user.verification_link_issued',
      actor,
      userId: user.id,
      mail: { to: user.email, name: profile.name, token },
    });
  });
}
