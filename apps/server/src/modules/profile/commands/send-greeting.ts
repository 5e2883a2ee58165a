import { and, eq, isNull } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { users } from '../../../db/schema/users';
import type { Actor } from '../../../platform/actor';
import { getProfile } from '../queries/profiles';

/**
 * Greets the actor with the welcome mail, to their own address and at most once per account: claims
 * `greeting_sent_at` and records `profile.greeted` with the mail, in one transaction. `sent` is false when the
 * greeting was claimed before.
 * @throws auth/unauthenticated (account gone)
 */
export async function sendGreeting(deps: CommandDeps, actor: Actor): Promise<{ sent: boolean }> {
  return deps.events.transaction(async ({ tx, emit }) => {
    const [claimed] = await tx
      .update(users)
      .set({ greetingSentAt: new Date() })
      .where(and(eq(users.id, actor.userId), isNull(users.greetingSentAt)))
      .returning({ email: users.email });
    if (!claimed) return { sent: false };
    const profile = await getProfile(tx, actor.userId);
    emit({ type: 'profile.greeted', actor, userId: actor.userId, mail: { to: claimed.email, name: profile.name } });
    return { sent: true };
  });
}
