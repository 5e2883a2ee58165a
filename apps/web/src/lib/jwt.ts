import { z } from 'zod';

/** The claims the web app reads from an ID token; the signature is the server's business. */
const TokenPayload = z.object({ exp: z.number().optional() });

export interface TokenClaims {
  expiresAtMs: number | null;
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

export function readTokenClaims(token: string): TokenClaims {
  const payload = token.split('.')[1];
  if (!payload) return { expiresAtMs: null };
  try {
    const parsed = TokenPayload.safeParse(JSON.parse(decodeBase64Url(payload)));
    if (!parsed.success) return { expiresAtMs: null };
    return { expiresAtMs: parsed.data.exp === undefined ? null : parsed.data.exp * 1000 };
  } catch {
    // Not a JWT (or garbage in storage): treated as a token without claims, hence not fresh.
    return { expiresAtMs: null };
  }
}

/** True when the token carries an `exp` that is more than `marginMs` away. */
export function isTokenFresh(token: string, marginMs = 0): boolean {
  const { expiresAtMs } = readTokenClaims(token);
  return expiresAtMs !== null && expiresAtMs - marginMs > Date.now();
}
