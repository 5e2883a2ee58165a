import type { AuthSession } from '@deckhand/contract/auth';
import type { AppDeps } from '../../../app-deps';
import { issueRefreshToken } from '../commands/refresh-tokens';
import { getAuthUser } from '../queries/users';

export interface StartedSession {
  body: AuthSession;
  refreshToken: string;
}

/** Signs the account in: a new refresh-token family plus a fresh ID token. */
export async function startSession(deps: Pick<AppDeps, 'db' | 'idTokens'>, userId: string): Promise<StartedSession> {
  const refreshToken = await issueRefreshToken(deps.db, userId);
  const [idToken, user] = await Promise.all([deps.idTokens.sign({ userId }), getAuthUser(deps.db, userId)]);
  return { body: { id_token: idToken, user }, refreshToken };
}
