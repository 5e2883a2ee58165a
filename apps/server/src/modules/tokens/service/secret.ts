import { createHash, randomBytes } from 'node:crypto';
import { tokenLimits } from '@deckhand/contract/tokens';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 62 below 256: bytes at or above it are skipped, so every character is equally likely. */
const unbiasedBelow = 248;

/** A new token: `dh_` and 40 random base62 characters. */
export function newTokenSecret(): string {
  let out = '';
  while (out.length < tokenLimits.secretLength) {
    for (const byte of randomBytes(64)) {
      if (byte >= unbiasedBelow) continue;
      out += alphabet[byte % 62];
      if (out.length === tokenLimits.secretLength) break;
    }
  }
  return `${tokenLimits.prefix}${out}`;
}

/** What is kept of a token: SHA-256, hex. */
export function hashTokenSecret(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether an Authorization bearer is an API token rather than an ID token. */
export function isApiToken(bearer: string): boolean {
  return bearer.startsWith(tokenLimits.prefix);
}
