import type { AppDeps, CommandDeps } from '../../../app-deps';
import { AppError } from '../../../platform/errors';
import { recordHits, secondsUntilAllowed } from '../../../platform/rate-limit';
import { resetRequestLimits } from '../login-limits';
import { createOneTimeToken } from '../one-time-tokens';
import { findUserByEmail, requireValidEmail } from '../queries/users';

/**
 * Issues a single-use reset link (1 hour) when the account exists, and records `user.password_reset_link_issued`,
 * whose mail carries it (`address`: where the request came from, for the rate limit). The answer and its timing are
 * the same either way (the mail goes out after the answer, from the outbox), so nobody learns who has an account.
 * @throws auth/invalid-email · request/rate-limited (per address only)
 */
export async function requestPasswordReset(
  deps: CommandDeps & Pick<AppDeps, 'rateLimits'>,
  input: { email: string; address: string },
): Promise<void> {
  const email = requireValidEmail(input.email);
  const byAddress = [{ limit: resetRequestLimits.address, key: input.address }];
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
  await deps.events.transaction(async ({ tx, emit }) => {
    const token = await createOneTimeToken(tx, user.id, 'password-reset');
    emit({ type: 'user.password_reset_link_issued', actor: null, userId: user.id, mail: { to: user.email, token } });
  });
}
