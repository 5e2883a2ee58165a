import type { OidcProvider } from '@deckhand/contract/auth';
import type { AppDeps, CommandDeps } from '../../../app-deps';
import { findOrCreateFederatedAccount } from '../oidc/federated-account';
import type { FederatedIdentity } from '../oidc/oidc-client';
import { type StartedSession, startSession } from '../service/session';

/**
 * Signs in with an identity the issuer vouched for: the account linked to it, else the one with its (verified)
 * address, else a new account and profile (`created`), which records `user.registered`.
 * @throws auth/oidc-failed when an existing account would need an unverified link
 */
export async function signInFederated(
  deps: CommandDeps & Pick<AppDeps, 'idTokens'>,
  input: { provider: OidcProvider; identity: FederatedIdentity },
): Promise<{ session: StartedSession; created: boolean }> {
  const account = await deps.events.transaction(async ({ tx, emit }) => {
    const found = await findOrCreateFederatedAccount(tx, input.provider, input.identity);
    if (found.created) {
      emit({ type: 'user.registered', actor: { userId: found.userId }, userId: found.userId, via: 'oidc' });
    }
    return found;
  });
  return { session: await startSession(deps, account.userId), created: account.created };
}
