import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/accounts';
import { waitForMail } from './support/mailbox';

test('Continue with Google signs in through the issuer’s popup, greets a new account once, and remembers the page', async ({
  page,
}) => {
  const email = uniqueEmail('google');
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Sign in to the test issuer' })).toBeVisible();
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Name').fill('Gia Google');
  const popupClosed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await popupClosed;

  await expect(page.getByRole('alert').filter({ hasText: /^You are logged in\.$/ })).toBeVisible();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { name: 'Projects' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
  const greeting = await waitForMail(email, (mail) => mail.subject === 'Welcome to Deckhand');
  expect(greeting.body).toContain('Gia Google');

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('dialog', { name: 'Profile' }).getByLabel('Name')).toHaveValue('Gia Google');
});

test('the Google button is there on every sign-in mode when the server has an issuer', async ({ page }) => {
  for (const url of ['/login', '/login?mode=register']) {
    await page.goto(url);
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  }
});
