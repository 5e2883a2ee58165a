import { expect, test } from '@playwright/test';
import { createAccount, signInWithForm, strongPassword, uniqueEmail } from './support/accounts';

test('an unknown page says WTF? and its button leads to the projects', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'WTF?' })).toBeVisible();
  await expect(page.getByText('Lost page detected? Are you kidding me?')).toBeVisible();
  await page.getByRole('button', { name: 'Okay, take me back to my projects!' }).click();
  // /dashboard is for signed-in people: a visitor is asked to sign in first.
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/dashboard')}`);
});

test('an unknown project shows the not-found page to a signed-in user', async ({ page, request }) => {
  const email = uniqueEmail('not-found');
  await createAccount(request, email);
  await page.goto('/login');
  await signInWithForm(page, email, strongPassword);
  await expect(page).toHaveURL('/dashboard');

  await page.goto(`/${crypto.randomUUID()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'WTF?' })).toBeVisible();
  await page.getByRole('button', { name: 'Okay, take me back to my projects!' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
});
