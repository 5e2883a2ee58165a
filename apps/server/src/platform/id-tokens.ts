import { idTokenLifetimeSeconds } from '@deckhand/contract/auth-limits';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { Db } from '../db/client';
import { getOrCreateSecret } from './secrets';

const algorithm = 'ES256';
const audience = 'deckhand';

export interface IdTokenClaims {
  userId: string;
}

export interface VerifiedIdToken extends IdTokenClaims {
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface IdTokens {
  sign(claims: IdTokenClaims): Promise<string>;
  /** @returns the claims, or undefined for a missing, expired, forged or unsigned (`alg: none`) token */
  verify(token: string): Promise<VerifiedIdToken | undefined>;
}

const StoredKey = z.object({
  kid: z.string(),
  privateJwk: z.object({ kty: z.literal('EC'), crv: z.literal('P-256'), x: z.string(), y: z.string(), d: z.string() }),
});

async function importKey(jwk: JWK): Promise<CryptoKey> {
  const key = await importJWK(jwk, algorithm);
  if (key instanceof Uint8Array) throw new Error('expected an EC key, got a symmetric one');
  return key;
}

/**
 * ID tokens are ES256 JWTs signed with a key generated on first start and kept in the database,
 * so every instance signs and verifies with the same key.
 */
export async function createIdTokens(db: Db, issuer: string): Promise<IdTokens> {
  const stored = await getOrCreateSecret(
    db,
    'jwt-signing-key',
    async () => {
      const { privateKey } = await generateKeyPair(algorithm, { extractable: true });
      return { privateJwk: await exportJWK(privateKey), kid: String(crypto.randomUUID()) };
    },
    (value) => StoredKey.parse(value),
  );
  const privateKey = await importKey(stored.privateJwk);
  const { d: _private, ...publicJwk } = stored.privateJwk;
  const publicKey = await importKey(publicJwk);

  // Verified tokens are remembered until they expire: a signature check costs more than the rest of a
  // small request, and a token's validity cannot change before its expiry.
  const verified = new Map<string, VerifiedIdToken>();
  const maxRemembered = 10_000;

  function remember(token: string, claims: VerifiedIdToken): void {
    if (verified.size >= maxRemembered) {
      const nowSeconds = Date.now() / 1000;
      for (const [key, value] of verified) if (value.expiresAt <= nowSeconds) verified.delete(key);
      // Still full of live tokens: drop the oldest entries (Map keeps insertion order).
      for (const key of verified.keys()) {
        if (verified.size < maxRemembered) break;
        verified.delete(key);
      }
    }
    verified.set(token, claims);
  }

  return {
    sign: ({ userId }) =>
      new SignJWT({})
        .setProtectedHeader({ alg: algorithm, kid: stored.kid, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${idTokenLifetimeSeconds}s`)
        .sign(privateKey),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now() / 1000) return known;
        verified.delete(token);
        return undefined;
      }
      try {
        const { payload } = await jwtVerify(token, publicKey, { algorithms: [algorithm], issuer, audience });
        if (!payload.sub || !payload.exp) return undefined;
        const claims = { userId: payload.sub, expiresAt: payload.exp };
        remember(token, claims);
        return claims;
      } catch {
        // Every verification failure means the same thing to the caller: not signed in.
        return undefined;
      }
    },
  };
}
