import type { CreatedApiToken } from '@deckhand/contract/tokens';
import { callOk } from './api-call';
import type { TestApp, TestUser } from './test-app';

/** Makes an API token for `user` through the API; the answer holds its secret. */
export function createApiToken(
  t: TestApp,
  user: TestUser,
  body: { name?: string; scope: 'read' | 'write'; project_ids?: string[]; expires_at?: string },
): Promise<CreatedApiToken> {
  return callOk<CreatedApiToken>(t, user, 'POST', '/api/tokens', { name: 'Script', ...body });
}

/** `user` as seen by a script holding `token`: requests carry the API token instead of the ID token. */
export function viaToken(user: TestUser, token: string): TestUser {
  return { ...user, token };
}
