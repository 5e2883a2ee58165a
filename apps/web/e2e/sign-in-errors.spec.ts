import { expect, test } from '@playwright/test';
import { createAccount, signInWithForm, strongPassword, uniqueEmail } from './support/accounts';

test('a malformed email is refused before anything is sent', async ({ page }) => {
  const loginCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/auth/login')) loginCalls.push(request.url());
  });
  await page.goto('/login');
  await signInWithForm(page, 'not-an-email', strongPassword);
  await expect(page.getByRole('alert').filter({ hasText: /^Invalid email$/ })).toBeVisible();
  expect(loginCalls).toEqual([]);
});

test('a wrong password says "Invalid password"', async ({ page, request }) => {
  const email = uniqueEmail('wrong-password');
  await createAccount(request, email);
  await page.goto('/login');
  await signInWithForm(page, email, 'Not-The-Right-One-42');
  await expect(page.getByRole('alert').filter({ hasText: /^Invalid password$/ })).toBeVisible();
  await expect(page).toHaveURL('/login');
});

test('asking for a reset link without an email says "Please enter your email"', async ({ page }) => {
  await page.goto('/login?mode=reset');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^Please enter your email$/ })).toBeVisible();
});

test('registration errors use the catalogue strings', async ({ page, request }) => {
  const email = uniqueEmail('taken');
  await createAccount(request, email);
  await page.goto('/login?mode=register');
  await page.getByLabel('Name').fill('Robin Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Your password is too weak. Please try another one.')).toBeVisible();

  await page.getByLabel('Password').fill(strongPassword);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The email already used. Please try another one.')).toBeVisible();
});
