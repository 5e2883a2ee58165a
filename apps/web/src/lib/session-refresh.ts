import { AuthSession } from '@deckhand/contract/auth';
import { ApiRequestError, apiData } from './api';
import type { Camelize } from './case';
import { isTokenFresh, readTokenClaims } from './jwt';
import { readStoredToken, storeToken, subscribeToStoredToken } from './token-store';

export type Session = Camelize<AuthSession>;

export type RefreshOutcome =
  /** The server issued a new token (and stored user). */
  | { kind: 'session'; session: Session }
  /** Another tab refreshed first; its token is in storage and newer than ours. */
  | { kind: 'token'; token: string }
  /** No valid refresh cookie: the visitor is signed out. */
  | { kind: 'signed-out' };

let inFlight: Promise<RefreshOutcome> | null = null;

const lockName = 'deckhand-refresh';
/**
 * localStorage reaches other tabs asynchronously, possibly after the lock does: a tab that waited for another
 * tab's refresh gives that tab's token this long to arrive before asking the server itself.
 */
const otherTabTokenWaitMs = 2000;

function expiresAt(token: string | null): number {
  return token ? (readTokenClaims(token).expiresAtMs ?? 0) : 0;
}

function isNewerFreshToken(token: string | null, currentToken: string | null): token is string {
  return token !== null && token !== currentToken && expiresAt(token) > expiresAt(currentToken) && isTokenFresh(token);
}

function waitForNewerStoredToken(currentToken: string | null): Promise<string | null> {
  return new Promise((resolve) => {
    let timer = 0;
    const stop = subscribeToStoredToken((token) => {
      if (isNewerFreshToken(token, currentToken)) finish(token);
    });
    function finish(token: string | null): void {
      window.clearTimeout(timer);
      stop();
      resolve(token);
    }
    timer = window.setTimeout(() => finish(null), otherTabTokenWaitMs);
    const stored = readStoredToken();
    if (isNewerFreshToken(stored, currentToken)) finish(stored);
  });
}

async function refreshInsideLock(
  currentToken: string | null,
  force: boolean,
  waitedForAnotherTab: boolean,
): Promise<RefreshOutcome> {
  if (!force) {
    const stored = waitedForAnotherTab ? await waitForNewerStoredToken(currentToken) : readStoredToken();
    // Another tab refreshed while we waited for the lock: the server would not give us anything newer.
    if (isNewerFreshToken(stored, currentToken)) return { kind: 'token', token: stored };
  }
  try {
    const session = await apiData(AuthSession, 'auth/refresh', { method: 'POST', body: {} });
    storeToken(session.idToken);
    return { kind: 'session', session };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return { kind: 'signed-out' };
    throw error;
  }
}

async function runExclusively(task: (waitedForAnotherTab: boolean) => Promise<RefreshOutcome>) {
  // Refresh tokens rotate: two tabs presenting the same cookie at once would make one of them fail.
  // Web Locks exist only in secure contexts; elsewhere the storage check inside the task is the best we have.
  if (typeof navigator === 'undefined' || !navigator.locks) return task(false);
  const locks = navigator.locks;
  const immediate = await locks.request(lockName, { ifAvailable: true }, async (lock) =>
    lock ? { outcome: await task(false) } : null,
  );
  if (immediate) return immediate.outcome;
  return locks.request(lockName, () => task(true));
}

/**
 * Gets a fresh ID token, at most one refresh at a time across all tabs of this origin.
 * With `force`, always asks the server (to learn a changed `email_verified`, for instance).
 * @throws ApiRequestError for answers other than 401, TypeError when the server is unreachable.
 */
export function refreshSession(currentToken: string | null, force = false): Promise<RefreshOutcome> {
  if (inFlight) return inFlight;
  const attempt = runExclusively((waited) => refreshInsideLock(currentToken, force, waited)).finally(() => {
    inFlight = null;
  });
  inFlight = attempt;
  return attempt;
}
