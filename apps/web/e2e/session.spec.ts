import { expect, type Page, test } from '@playwright/test';
import { z } from 'zod';
import { createAccount, signInWithForm, strongPassword, uniqueEmail } from './support/accounts';

function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

function expiresAtMs(token: string | null): number {
  const payload = JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString());
  return z.object({ exp: z.number() }).parse(payload).exp * 1000;
}

test('a reload keeps the session', async ({ page, request }) => {
  const email = uniqueEmail('reload');
  await createAccount(request, email);
  await page.goto('/login');
  await signInWithForm(page, email, strongPassword);
  await expect(page).toHaveURL('/dashboard');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
});

test('open tabs refresh the token once between them, and sign out together', async ({ context, request }) => {
  const email = uniqueEmail('tabs');
  await createAccount(request, email);
  const refreshCalls: string[] = [];
  context.on('request', (call) => {
    if (call.url().endsWith('/api/auth/refresh')) refreshCalls.push(call.url());
  });
  const first = await context.newPage();
  const second = await context.newPage();
  await first.clock.install();
  await second.clock.install();
  await first.goto('/login');
  await signInWithForm(first, email, strongPassword);
  await expect(first).toHaveURL('/dashboard');
  await second.goto('/dashboard');
  await expect(second.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  const before = await storedToken(first);
  // The first tab asked once while nobody was signed in; the second used the stored token.
  const callsSoFar = refreshCalls.length;

  // ID tokens are refreshed a minute before they end. Each tab's clock is moved on its own, so first both are
  // stopped just short of that moment, and then both run past it by less than the 10 s a tab waits at least
  // before its next refresh: a tab that adopts the other's new token must not see it near its end as well.
  const refreshAt = expiresAtMs(before) - 60_000;
  await Promise.all([first.clock.pauseAt(refreshAt - 2_000), second.clock.pauseAt(refreshAt - 2_000)]);
  await Promise.all([first.clock.runFor(5_000), second.clock.runFor(5_000)]);
  await expect.poll(() => storedToken(first)).not.toBe(before);
  await expect.poll(() => storedToken(second)).toBe(await storedToken(first));
  expect(refreshCalls).toHaveLength(callsSoFar + 1);

  await first.goto('/logout');
  await expect(first).toHaveURL('/login');
  await expect(second).toHaveURL(`/login?next=${encodeURIComponent('/dashboard')}`);
});
