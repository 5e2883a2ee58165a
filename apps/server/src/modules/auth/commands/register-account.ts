import type { RegisterInput } from '@deckhand/contract/auth';
import type { AppDeps, CommandDeps } from '../../../app-deps';
import { isUniqueViolation } from '../../../db/errors';
import { users } from '../../../db/schema/users';
import { AppError } from '../../../platform/errors';
import { recordHits, secondsUntilAllowed } from '../../../platform/rate-limit';
import { createProfileIfMissing } from '../../profile/commands/create-profile';
import { registrationLimit } from '../login-limits';
import { createOneTimeToken } from '../one-time-tokens';
import { hashPassword, weakPasswordReason } from '../passwords';
import { findUserByEmail, requireValidEmail } from '../queries/users';
import { type StartedSession, startSession } from '../service/session';

export type RegisterDeps = CommandDeps & Pick<AppDeps, 'rateLimits' | 'idTokens'>;

/**
 * Creates an account with its profile and signs the person in (`address`: where the request came from, for the
 * rate limit). Records `user.registered` and `user.verification_link_issued`, whose mail carries the link.
 * @throws auth/invalid-email · auth/weak-password · auth/email-already-in-use · request/rate-limited
 */
export async function registerAccount(
  deps: RegisterDeps,
  input: RegisterInput & { address: string },
): Promise<StartedSession> {
  const email = requireValidEmail(input.email);
  const weakness = await weakPasswordReason(input.password, [email, email.split('@')[0] ?? '', input.name]);
  if (weakness) throw new AppError('auth/weak-password', weakness);
  const limit = [{ limit: registrationLimit, key: input.address }];
  const waitSeconds = await secondsUntilAllowed(deps.rateLimits, limit);
  if (waitSeconds > 0) {
    throw new AppError('request/rate-limited', 'Too many accounts created from this address, try again later', {
      retryAfterSeconds: waitSeconds,
    });
  }
  if (await findUserByEmail(deps.db, email)) {
    throw new AppError('auth/email-already-in-use', 'An account with this email already exists');
  }
  const passwordHash = await hashPassword(input.password);
  let userId: string;
  try {
    userId = await deps.events.transaction(async ({ tx, emit }) => {
      const [user] = await tx.insert(users).values({ email, passwordHash }).returning({ id: users.id });
      if (!user) throw new Error('insert returned no row');
      await createProfileIfMissing(tx, { userId: user.id, name: input.name });
      const token = await createOneTimeToken(tx, user.id, 'verify-email');
      const actor = { userId: user.id };
      emit({ type: 'user.registered', actor, userId: user.id, via: 'password' });
      // The mail greets the name as it was typed, as it always has.
      emit({
        type: 'user.verification_link_issued',
        actor,
        userId: user.id,
        mail: { to: email, name: input.name, token },
      });
      return user.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('auth/email-already-in-use', 'An account with this email already exists', { cause: err });
    }
    throw err;
  }
  await recordHits(deps.rateLimits, limit);
  return startSession(deps, userId);
}
