import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { users } from '../../db/schema/users';
import { greetingMail } from '../auth/mails';
import { getProfile } from './service';

/** Sends the welcome mail to the caller's own address, at most once per account. */
export async function sendGreetingOnce(deps: AppDeps, userId: string): Promise<{ sent: boolean }> {
  const [claimed] = await deps.db
    .update(users)
    .set({ greetingSentAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.greetingSentAt)))
    .returning({ email: users.email });
  if (!claimed) return { sent: false };
  const profile = await getProfile(deps.db, userId);
  deps.mailer.sendInBackground(greetingMail(claimed.email, profile.name, `${deps.config.publicUrl}/dashboard`));
  return { sent: true };
}
