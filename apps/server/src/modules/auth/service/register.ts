import type { RegisterInput } from '@deckhand/contract/auth';
import type { AppDeps } from '../../../app-deps';
import { isUniqueViolation } from '../../../db/errors';
import { users } from '../../../db/schema/users';
import { AppError } from '../../../platform/errors';
import { recordHits, secondsUntilAllowed } from '../../../platform/rate-limit';
import { createProfileIfMissing } from '../../profile/service';
import { registrationLimit } from '../login-limits';
import { hashPassword, weakPasswordReason } from '../passwords';
import { findUserByEmail, requireValidEmail } from '../users';
import { type StartedSession, startSession } from './session';
import { sendVerificationMail } from './verify-email';

/**
 * Creates an account with its profile, mails the verification link and signs the person in.
 * @throws auth/invalid-email · auth/weak-password · auth/email-already-in-use · request/rate-limited
 */
export async function registerAccount(deps: AppDeps, input: RegisterInput, address: string): Promise<StartedSession> {
  const email = requireValidEmail(input.email);
  const weakness = await weakPasswordReason(input.password, [email, email.split('@')[0] ?? '', input.name]);
  if (weakness) throw new AppError('auth/weak-password', weakness);
  const limit = [{ limit: registrationLimit, key: address }];
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
    userId = await deps.db.transaction(async (tx) => {
      const [user] = await tx.insert(users).values({ email, passwordHash }).returning({ id: users.id });
      if (!user) throw new Error('insert returned no row');
      await createProfileIfMissing(tx, { userId: user.id, name: input.name });
      return user.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('auth/email-already-in-use', 'An account with this email already exists', { cause: err });
    }
    throw err;
  }
  await recordHits(deps.rateLimits, limit);
  await sendVerificationMail(deps, userId, email, input.name);
  void deps.usage.record({ name: 'user_created', userId, properties: { user_id: userId } });
  return startSession(deps, userId);
}
