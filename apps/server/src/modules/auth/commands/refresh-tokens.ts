import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { refreshTokens } from '../../../db/schema/users';
import { AppError } from '../../../platform/errors';
import { uuidv7 } from '../../../platform/ids';
import { hashOpaqueToken, newOpaqueToken } from '../../../platform/opaque-tokens';

export const refreshTokenLifetimeMs = 30 * 24 * 60 * 60 * 1000;

/** Starts a new family (one sign-in) unless `familyId` continues an existing one. */
export async function issueRefreshToken(db: Db, userId: string, familyId: string = uuidv7()): Promise<string> {
  const token = newOpaqueToken();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(Date.now() + refreshTokenLifetimeMs),
  });
  return token;
}

/**
 * Exchanges a refresh token for the next one of its family. The update is atomic, so two
 * concurrent uses of one token cannot both succeed; presenting a token that was already rotated
 * or revoked is treated as theft and revokes the whole family.
 * @throws auth/invalid-refresh-token
 */
export async function rotateRefreshToken(db: Db, token: string): Promise<{ userId: string; token: string }> {
  const tokenHash = hashOpaqueToken(token);
  const [rotated] = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.rotatedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  if (rotated) return { userId: rotated.userId, token: await issueRefreshToken(db, rotated.userId, rotated.familyId) };

  const [known] = await db
    .select({ familyId: refreshTokens.familyId, rotatedAt: refreshTokens.rotatedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (known?.rotatedAt) await revokeRefreshFamily(db, known.familyId);
  throw new AppError('auth/invalid-refresh-token', 'The session has ended, please sign in again');
}

export async function revokeRefreshFamily(db: Db, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Signs out the session this token belongs to; unknown tokens are ignored. */
export async function revokeRefreshToken(db: Db, token: string): Promise<void> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(token)));
  if (row) await revokeRefreshFamily(db, row.familyId);
}

/** Signs the account out everywhere (after a password reset). */
export async function revokeAllRefreshTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
