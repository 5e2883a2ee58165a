import { type CreatedApiToken, type CreateTokenInput, tokenLimits } from '@deckhand/contract/tokens';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { projectMembers } from '../../../db/schema/projects';
import { apiTokens } from '../../../db/schema/tokens';
import { users } from '../../../db/schema/users';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { hashTokenSecret, newTokenSecret } from '../service/secret';
import { tokenDto } from '../service/token-dto';

const dayMs = 24 * 60 * 60 * 1000;

function expiryOf(input: CreateTokenInput, now: number): Date {
  if (input.expires_at === undefined) return new Date(now + tokenLimits.defaultDays * dayMs);
  const at = Date.parse(input.expires_at);
  if (at <= now) throw new AppError('tokens/invalid', 'expires_at: the expiry must be in the future');
  if (at > now + tokenLimits.maxDays * dayMs) {
    throw new AppError('tokens/invalid', `expires_at: a token may live at most ${tokenLimits.maxDays} days`);
  }
  return new Date(at);
}

/**
 * Makes a token for the caller. Its secret is in this answer only: what is kept is its hash and last 4
 * characters. A token limited to projects names only projects its owner is a member of.
 * @throws tokens/invalid for an expiry past or beyond a year, or a project the caller is not in
 * @throws tokens/too-many at 50 tokens
 */
export async function createToken(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  input: CreateTokenInput,
): Promise<CreatedApiToken> {
  const { db } = deps;
  const now = Date.now();
  const expiresAt = expiryOf(input, now);
  const projectIds = input.project_ids ? [...new Set(input.project_ids)] : null;
  if (projectIds) {
    const memberOf = await db
      .select({ projectId: projectMembers.projectId })
      .from(projectMembers)
      .where(and(eq(projectMembers.userId, actor.userId), inArray(projectMembers.projectId, projectIds)));
    if (memberOf.length !== projectIds.length) {
      throw new AppError('tokens/invalid', 'project_ids: a token can only be limited to projects you are a member of');
    }
  }
  const token = newTokenSecret();
  const row = await db.transaction(async (tx) => {
    // The owner's row locked: two creations at once cannot both pass the count.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.userId)).for('update');
    const [held] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, actor.userId));
    if ((held?.n ?? 0) >= tokenLimits.perPerson) {
      throw new AppError(
        'tokens/too-many',
        `You have ${tokenLimits.perPerson} tokens, the most one person may hold: revoke one first`,
      );
    }
    const [created] = await tx
      .insert(apiTokens)
      .values({
        userId: actor.userId,
        name: input.name,
        scope: input.scope,
        projectIds,
        secretHash: hashTokenSecret(token),
        tokenHint: token.slice(-tokenLimits.hintLength),
        expiresAt,
      })
      .returning();
    if (!created) throw new Error('the token was not stored');
    return created;
  });
  return { ...tokenDto(row), token };
}
