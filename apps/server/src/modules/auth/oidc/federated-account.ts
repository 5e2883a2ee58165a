import type { OidcProvider } from '@deckhand/contract/auth';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userIdentities, users } from '../../../db/schema/users';
import { AppError } from '../../../platform/errors';
import { createProfileIfMissing } from '../../profile/commands/create-profile';
import { normalizeEmail } from '../queries/users';
import type { FederatedIdentity } from './oidc-client';

/**
 * The account for a federated identity: the one already linked to it; else the account with the
 * same address, linked only when the issuer has verified that address (otherwise anyone could claim
 * a stranger's account by typing their email at some issuer); else a new account and profile. Runs in the caller's
 * transaction (commands/sign-in-federated.ts).
 * @throws auth/oidc-failed when an existing account would need an unverified link
 */
export async function findOrCreateFederatedAccount(
  tx: Db,
  provider: OidcProvider,
  identity: FederatedIdentity,
): Promise<{ userId: string; created: boolean }> {
  const email = normalizeEmail(identity.email);
  const [linked] = await tx
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, identity.subject)));
  if (linked) return { userId: linked.userId, created: false };

  const [existing] = await tx.select().from(users).where(eq(users.email, email));
  if (existing) {
    if (!identity.emailVerified) {
      throw new AppError(
        'auth/oidc-failed',
        'An account with this email already exists. Sign in with your password, or verify the address with the provider first.',
      );
    }
    await tx.insert(userIdentities).values({ userId: existing.id, provider, subject: identity.subject });
    if (!existing.emailVerifiedAt) {
      await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, existing.id));
    }
    return { userId: existing.id, created: false };
  }

  const [user] = await tx
    .insert(users)
    .values({ email, emailVerifiedAt: identity.emailVerified ? new Date() : null })
    .returning({ id: users.id });
  if (!user) throw new Error('insert returned no row');
  await tx.insert(userIdentities).values({ userId: user.id, provider, subject: identity.subject });
  await createProfileIfMissing(tx, { userId: user.id, name: identity.name, avatarUrl: identity.picture });
  return { userId: user.id, created: true };
}
