import { AuthSession } from '@deckhand/contract/auth';
import { ApiRequestError, apiData } from './api';
import type { Camelize } from './case';
import { isTokenFresh, readTokenClaims } from './jwt';
import { readStoredToken, storeToken } from './token-store';

export type Session = Camelize<AuthSession>;

export type RefreshOutcome =
  /** The server issued a new token (and stored user). */
  | { kind: 'session'; session: Session }
  /** Another tab refreshed first; its token is in storage and newer than ours. */
  | { kind: 'token'; token: string }
  /** No valid refresh cookie: the visitor is signed out. */
  | { kind: 'signed-out' };

let inFlight: Promise<RefreshOutcome> | null = null;

function expiresAt(token: string | null): number {
  return token ? (readTokenClaims(token).expiresAtMs ?? 0) : 0;
}

async function refreshInsideLock(currentToken: string | null, force: boolean): Promise<RefreshOutcome> {
  const stored = readStoredToken();
  const newer = stored !== null && stored !== currentToken && expiresAt(stored) > expiresAt(currentToken);
  // Another tab refreshed while we waited for the lock: the server would not give us anything newer.
  if (!force && stored !== null && newer && isTokenFresh(stored)) return { kind: 'token', token: stored };
  try {
    const session = await apiData(AuthSession, 'auth/refresh', { method: 'POST', body: {} });
    storeToken(session.idToken);
    return { kind: 'session', session };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return { kind: 'signed-out' };
    throw error;
  }
}

function runExclusively(task: () => Promise<RefreshOutcome>): Promise<RefreshOutcome> {
  // Refresh tokens rotate: two tabs presenting the same cookie at once would make one of them fail.
  // Web Locks exist only in secure contexts; elsewhere the storage check inside the task is the best we have.
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return navigator.locks.request('deckhand-refresh', task);
  }
  return task();
}

/**
 * Gets a fresh ID token, at most one refresh at a time across all tabs of this origin.
 * With `force`, always asks the server (to learn a changed `email_verified`, for instance).
 * @throws ApiRequestError for answers other than 401, TypeError when the server is unreachable.
 */
export function refreshSession(currentToken: string | null, force = false): Promise<RefreshOutcome> {
  if (inFlight) return inFlight;
  const attempt = runExclusively(() => refreshInsideLock(currentToken, force)).finally(() => {
    inFlight = null;
  });
  inFlight = attempt;
  return attempt;
}
