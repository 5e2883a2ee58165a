import { expect, test } from '@playwright/test';
import { createAccount, signInWithForm, strongPassword, uniqueEmail } from './support/accounts';
import { linkIn, waitForMail } from './support/mailbox';

test('a forgotten password is replaced through the mailed link', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  const newPassword = 'Velvet-Harbor-Lantern-58';
  await createAccount(request, email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The sign-in form has an Email field too: typing before the reset form is there would fill the old one.
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Password reset email sent on your email. Please check.')).toBeVisible();

  const mail = await waitForMail(email, (candidate) => candidate.body.includes('mode=reset'));
  await page.goto(linkIn(mail, 'mode=reset'));
  await page.getByLabel('New password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed. Please sign in.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

  await signInWithForm(page, email, strongPassword);
  await expect(page.getByRole('alert').filter({ hasText: /^Invalid password$/ })).toBeVisible();
  await signInWithForm(page, email, newPassword);
  await expect(page).toHaveURL('/dashboard');
});

test('a reset link that does not work offers a new one', async ({ page }) => {
  await page.goto('/login?mode=reset&token=not-a-real-token');
  await page.getByLabel('New password').fill('Velvet-Harbor-Lantern-58');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('This password reset link is invalid or has expired.', { exact: false })).toBeVisible();
  await page.getByRole('link', { name: 'Request a new reset link' }).click();
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
});
