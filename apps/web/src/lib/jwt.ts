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

/**
 * The claims the web app reads from an ID token (the signature is the server's business); checked by hand, as this is
 * part of the first load, which zod is not.
 */
export function readTokenClaims(token: string): TokenClaims {
  const payload = token.split('.')[1];
  if (!payload) return noClaims;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (typeof claims !== 'object' || claims === null) return noClaims;
    const exp = 'exp' in claims ? claims.exp : undefined;
    const sub = 'sub' in claims ? claims.sub : undefined;
    const validExp = exp === undefined || (typeof exp === 'number' && Number.isFinite(exp));
    if (!validExp || (sub !== undefined && typeof sub !== 'string')) return noClaims;
    return { expiresAtMs: exp === undefined ? null : exp * 1000, subject: sub ?? null };
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

function expiresAt(token: string | null): number {
  return token ? (readTokenClaims(token).expiresAtMs ?? 0) : 0;
}

/**
 * A token another tab obtained for the same person, still valid and lasting at least as long as ours: taking it
 * spares a refresh, since the server would give nothing better. "At least", not "longer": `exp` counts whole
 * seconds, so two tokens issued within one second end together, and refusing the other's would refresh for nothing.
 */
export function isFreshReplacementToken(token: string | null, currentToken: string | null): token is string {
  if (token === null || token === currentToken || !isTokenFresh(token)) return false;
  if (currentToken !== null && readTokenClaims(token).subject !== readTokenClaims(currentToken).subject) return false;
  return expiresAt(token) >= expiresAt(currentToken);
}
