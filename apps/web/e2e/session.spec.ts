import { expect, type Page, test } from '@playwright/test';
import { createAccount, signInWithForm, strongPassword, uniqueEmail } from './support/accounts';

function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
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

  // ID tokens live 15 minutes and are refreshed about a minute before they end.
  const later = Date.now() + 14.5 * 60_000;
  await Promise.all([first.clock.pauseAt(later), second.clock.pauseAt(later)]);
  await expect.poll(() => storedToken(first)).not.toBe(before);
  await expect.poll(() => storedToken(second)).toBe(await storedToken(first));
  expect(refreshCalls).toHaveLength(callsSoFar + 1);

  await first.goto('/logout');
  await expect(first).toHaveURL('/login');
  await expect(second).toHaveURL(`/login?next=${encodeURIComponent('/dashboard')}`);
});
