import type { OidcProvider } from '@deckhand/contract/auth';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { oidcStates } from '../../../db/schema/users';
import { hashOpaqueToken } from '../../../platform/opaque-tokens';
import type { OidcFlowSecrets } from './oidc-client';

const flowLifetimeMs = 10 * 60 * 1000;

/** Keeps the PKCE verifier and nonce of a started sign-in, bound to the browser's cookie key. */
export async function saveFlowState(
  db: Db,
  provider: OidcProvider,
  secrets: OidcFlowSecrets,
  browserKey: string,
): Promise<void> {
  await db.delete(oidcStates).where(lt(oidcStates.expiresAt, new Date()));
  await db.insert(oidcStates).values({
    state: secrets.state,
    provider,
    codeVerifier: secrets.codeVerifier,
    nonce: secrets.nonce,
    browserKeyHash: hashOpaqueToken(browserKey),
    expiresAt: new Date(Date.now() + flowLifetimeMs),
  });
}

/**
 * Takes (and deletes) the flow for `state`, but only in the browser that started it: a callback
 * link replayed in another browser finds nothing (login CSRF), and cannot use the flow up either.
 */
export async function takeFlowState(
  db: Db,
  provider: OidcProvider,
  state: string,
  browserKey: string | undefined,
): Promise<OidcFlowSecrets | undefined> {
  if (!browserKey) return undefined;
  const [row] = await db
    .delete(oidcStates)
    .where(
      and(
        eq(oidcStates.state, state),
        eq(oidcStates.provider, provider),
        eq(oidcStates.browserKeyHash, hashOpaqueToken(browserKey)),
      ),
    )
    .returning();
  if (!row || row.expiresAt < new Date()) return undefined;
  return { state: row.state, nonce: row.nonce, codeVerifier: row.codeVerifier };
}
