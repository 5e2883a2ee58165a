import type { TestApp, TestUser } from './test-app';

/** Calls the API as `user` and answers the body; any status from 300 up fails the test's set-up, saying why. */
export async function callOk<T = { id: string }>(
  t: TestApp,
  user: TestUser,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await t.request<T>(method, path, { token: user.token, body });
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
  return res.body;
}
