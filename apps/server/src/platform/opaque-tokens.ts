import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: for refresh, verification and reset tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as hashes, so a database leak does not hand out sessions or reset links. */
export function hashOpaqueToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
