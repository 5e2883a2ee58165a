import type { AuthSession } from '@deckhand/contract/auth';
import { ApiRequestError, api } from './api';
import { type Camelize, camelize } from './case';
import { isFreshReplacementToken } from './jwt';
import { handOffToken, readHandedOffToken } from './refresh-handoff';
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

const lockName = 'deckhand-refresh';

async function refreshInsideLock(currentToken: string | null, force: boolean): Promise<RefreshOutcome> {
  if (!force) {
    // Another tab refreshed while we waited for the lock, or just before we took it: use its token, since
    // the server would not give us anything newer. A tab without a token takes only what is in localStorage,
    // which sign-out clears, so it can never pick up the token of someone who has since signed out.
    const handedOff = currentToken === null ? null : await readHandedOffToken();
    for (const candidate of [handedOff, readStoredToken()]) {
      if (isFreshReplacementToken(candidate, currentToken)) return { kind: 'token', token: candidate };
    }
  }
  try {
    const answer = await api('auth/refresh', { method: 'POST' });
    // 204: no session cookie came, so nobody is signed in in this browser.
    if (answer === null) return { kind: 'signed-out' };
    // Imported only now that there is a session to read: a visitor's first load needs neither it nor zod.
    const { AuthSession } = await import('@deckhand/contract/auth');
    const session = camelize(AuthSession.parse(answer));
    storeToken(session.idToken);
    // Still inside the lock: the next tab to take it must be able to read this token.
    await handOffToken(session.idToken);
    return { kind: 'session', session };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return { kind: 'signed-out' };
    throw error;
  }
}

function runExclusively(task: () => Promise<RefreshOutcome>): Promise<RefreshOutcome> {
  // Refresh tokens rotate: two tabs presenting the same cookie at once would make one of them fail.
  // Web Locks exist only in secure contexts; elsewhere the handed-off token check is the best we have.
  if (typeof navigator === 'undefined' || !navigator.locks) return task();
  return navigator.locks.request(lockName, task);
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
