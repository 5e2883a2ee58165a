import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type oneTimeTokenPurposes, oneTimeTokens } from '../../db/schema/users';
import { hashOpaqueToken, newOpaqueToken } from '../../platform/opaque-tokens';

type Purpose = (typeof oneTimeTokenPurposes)[number];

export const oneTimeTokenLifetimeMs: Record<Purpose, number> = {
  'verify-email': 48 * 60 * 60 * 1000,
  'password-reset': 60 * 60 * 1000,
};

/** Creates a mailed single-use token; earlier unused tokens of the same purpose stop working. */
export async function createOneTimeToken(db: Db, userId: string, purpose: Purpose): Promise<string> {
  const token = newOpaqueToken();
  await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  await db.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(Date.now() + oneTimeTokenLifetimeMs[purpose]),
  });
  return token;
}

function usable(token: string, purpose: Purpose) {
  return and(
    eq(oneTimeTokens.tokenHash, hashOpaqueToken(token)),
    eq(oneTimeTokens.purpose, purpose),
    isNull(oneTimeTokens.usedAt),
    gt(oneTimeTokens.expiresAt, new Date()),
  );
}

/** The account a still-usable token belongs to, without using it up. */
export async function peekOneTimeToken(db: Db, token: string, purpose: Purpose): Promise<string | undefined> {
  const [row] = await db.select({ userId: oneTimeTokens.userId }).from(oneTimeTokens).where(usable(token, purpose));
  return row?.userId;
}

/** Uses the token up atomically: of two concurrent uses only one gets the account id. */
export async function consumeOneTimeToken(db: Db, token: string, purpose: Purpose): Promise<string | undefined> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(usable(token, purpose))
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId;
}
