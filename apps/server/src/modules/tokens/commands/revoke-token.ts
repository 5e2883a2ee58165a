import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { apiTokens } from '../../../db/schema/tokens';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';

/**
 * Revokes one of the caller's tokens by deleting it: every instance looks a token up on each request, so the
 * next request with it fails everywhere.
 * @throws tokens/not-found for a token that is not the caller's
 */
export async function revokeToken(deps: Pick<AppDeps, 'db'>, actor: Actor, tokenId: string): Promise<void> {
  const gone = await deps.db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, tokenId), eq(apiTokens.userId, actor.userId)))
    .returning({ id: apiTokens.id });
  if (gone.length === 0) throw new AppError('tokens/not-found', 'No such token');
}
