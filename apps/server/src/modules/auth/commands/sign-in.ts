import type { LoginInput } from '@deckhand/contract/auth';
import type { AppDeps } from '../../../app-deps';
import { AppError } from '../../../platform/errors';
import { recordHits, secondsUntilAllowed } from '../../../platform/rate-limit';
import { loginLimits } from '../login-limits';
import { verifyAgainstDecoy, verifyPassword } from '../passwords';
import { findUserByEmail, requireValidEmail } from '../queries/users';
import { type StartedSession, startSession } from '../service/session';

const wrongPassword = 'The email or password is incorrect';

/**
 * Signs in with email and password. Once a limit of failures is reached, attempts from there are
 * refused with 429 before the password is even checked, so the right password does not help.
 * @throws auth/invalid-email · auth/invalid-credential · auth/user-not-found (only without
 *   enumeration protection) · auth/too-many-attempts
 */
export async function login(deps: AppDeps, input: LoginInput, address: string): Promise<StartedSession> {
  const email = requireValidEmail(input.email);
  const checks = [
    { limit: loginLimits.accountAndAddress, key: `${email}|${address}` },
    { limit: loginLimits.address, key: address },
    { limit: loginLimits.account, key: email },
  ];
  const waitSeconds = await secondsUntilAllowed(deps.rateLimits, checks);
  if (waitSeconds > 0) {
    throw new AppError('auth/too-many-attempts', 'Too many failed sign-ins, try again later', {
      retryAfterSeconds: waitSeconds,
    });
  }

  const user = await findUserByEmail(deps.db, email);
  const passwordMatches = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDecoy(input.password).then(() => false);
  if (!user || !passwordMatches) {
    await recordHits(deps.rateLimits, checks);
    if (!user && !deps.config.authEnumerationProtection) {
      throw new AppError('auth/user-not-found', 'No account uses this email');
    }
    throw new AppError('auth/invalid-credential', wrongPassword);
  }
  await deps.rateLimits.reset(`${loginLimits.accountAndAddress.name}:${email}|${address}`);
  return startSession(deps, user.id);
}
