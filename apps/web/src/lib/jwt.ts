import { z } from 'zod';

/** The claims the web app reads from an ID token; the signature is the server's business. */
const TokenPayload = z.object({ exp: z.number().optional(), sub: z.string().optional() });

export interface TokenClaims {
  expiresAtMs: number | null;
  /** The user the token was issued to. */
  subject: string | null;
}

const noClaims: TokenClaims = { expiresAtMs: null, subject: null };

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function readTokenClaims(token: string): TokenClaims {
  const payload = token.split('.')[1];
  if (!payload) return noClaims;
  try {
    const parsed = TokenPayload.safeParse(JSON.parse(decodeBase64Url(payload)));
    if (!parsed.success) return noClaims;
    return {
      expiresAtMs: parsed.data.exp === undefined ? null : parsed.data.exp * 1000,
      subject: parsed.data.sub ?? null,
    };
  } catch {
    // Not a JWT (or garbage in storage): treated as a token without claims, hence not fresh.
    return noClaims;
  }
}

/** True when the token carries an `exp` that is more than `marginMs` away. */
export function isTokenFresh(token: string, marginMs = 0): boolean {
  const { expiresAtMs } = readTokenClaims(token);
  return expiresAtMs !== null && expiresAtMs - marginMs > Date.now();
}
