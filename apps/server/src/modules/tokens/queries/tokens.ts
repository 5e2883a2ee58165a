import { type ApiToken, tokenLimits } from '@deckhand/contract/tokens';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { apiTokens } from '../../../db/schema/tokens';
import type { ActorToken } from '../../../platform/actor';
import { hashTokenSecret } from '../service/secret';
import { tokenDto } from '../service/token-dto';

/** The caller's tokens, newest first, without their secrets (which are not kept). */
export async function listTokens(db: Db, userId: string): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(tokenDto);
}

/**
 * The owner and limits of a token presented as a bearer, or undefined for one unknown, revoked or expired. Looked
 * up on every request (one read by a unique index), so a revocation holds at once on every instance. Marks it
 * used, to the minute: at most one write a minute per token.
 */
export async function verifyApiToken(
  db: Db,
  bearer: string,
): Promise<{ userId: string; token: ActorToken } | undefined> {
  const [row] = await db
    .select({
      id: apiTokens.id,
      userId: apiTokens.userId,
      scope: apiTokens.scope,
      projectIds: apiTokens.projectIds,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.secretHash, hashTokenSecret(bearer)));
  const now = Date.now();
  if (!row || (row.expiresAt && row.expiresAt.getTime() <= now)) return undefined;
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= tokenLimits.lastUsedPrecisionMs) {
    const stale = new Date(now - tokenLimits.lastUsedPrecisionMs);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(and(eq(apiTokens.id, row.id), or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, stale))));
  }
  return { userId: row.userId, token: { id: row.id, scope: row.scope, projectIds: row.projectIds } };
}
