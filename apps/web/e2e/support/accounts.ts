import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Long and unusual enough for the server's password policy (zxcvbn). */
export const strongPassword = 'Plaid-Otter-Quarry-71';

/** Every test gets its own account, so tests run in parallel without meeting. */
export function uniqueEmail(label: string): string {
  return `${label}-${crypto.randomUUID()}@example.test`;
}

/**
 * A made-up client address for an API call, sent as X-Forwarded-For (the suite's server trusts it). The server allows
 * 20 registrations per address and hour; accounts made through the API for setting up tests would otherwise use up
 * that allowance for the whole suite, which registers through the browser too.
 */
export function distinctClientAddress(): { 'X-Forwarded-For': string } {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return { 'X-Forwarded-For': `10.${bytes.join('.')}` };
}

/** Creates an account through the API (its own cookie jar: the page stays signed out). */
export async function createAccount(request: APIRequestContext, email: string, password = strongPassword) {
  const response = await request.post('/api/auth/register', {
    headers: distinctClientAddress(),
    data: { email, password, name: 'Robin Tester' },
  });
  expect(response.status()).toBe(201);
}

/** Fills and submits the sign-in form of the page currently at /login. */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}
