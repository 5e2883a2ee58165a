import { expect, test } from '@playwright/test';
import { strongPassword, uniqueEmail } from './support/accounts';
import { linkIn, waitForMail } from './support/mailbox';

test('a new account verifies its email address through the mailed link', async ({ page }) => {
  const email = uniqueEmail('verify');
  await page.goto('/login?mode=register');
  await page.getByLabel('Name').fill('Robin Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(strongPassword);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page.getByText('The email verification link has been sent to your email. Please verify.')).toBeVisible();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  const banner = page.getByRole('region', { name: 'Address verification' });
  await expect(banner.getByRole('button', { name: 'Resend verification email' })).toBeVisible();

  const mail = await waitForMail(email, (candidate) => candidate.body.includes('mode=verify'));
  await page.goto(linkIn(mail, 'mode=verify'));

  await expect(page.getByText('Your email address is verified.')).toBeVisible();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(banner).toBeHidden();
});

test('a verification link that does not work says so', async ({ page }) => {
  await page.goto('/login?mode=verify&token=not-a-real-token');
  await expect(page.getByText('This verification link is invalid or has expired.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
});
