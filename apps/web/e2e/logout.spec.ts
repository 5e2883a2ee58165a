import { expect, type Page, test } from '@playwright/test';
import { createAccount, signInWithForm, strongPassword, uniqueEmail } from './support/accounts';

function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

test('signing out from the account menu ends the session', async ({ page, request }) => {
  const email = uniqueEmail('logout');
  await createAccount(request, email);
  await page.goto('/login');
  await signInWithForm(page, email, strongPassword);
  await expect(page).toHaveURL('/dashboard');
  expect(await storedToken(page)).not.toBeNull();

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(await storedToken(page)).toBeNull();

  // A reload must not sign back in through the refresh cookie either.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/dashboard')}`);
});

test('/logout signs out and lands on /login', async ({ page, request }) => {
  const email = uniqueEmail('logout-route');
  await createAccount(request, email);
  await page.goto('/login');
  await signInWithForm(page, email, strongPassword);
  await expect(page).toHaveURL('/dashboard');

  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
  expect(await storedToken(page)).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=/);
});
