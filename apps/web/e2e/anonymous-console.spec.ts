import { expect, type Page, test } from '@playwright/test';

/** Console errors of the page, including failed loads ("Failed to load resource: … 401"), as Chromium logs them. */
function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

const publicPages = [
  { path: '/', ready: (page: Page) => page.getByRole('link', { name: 'Sign in' }) },
  { path: '/login', ready: (page: Page) => page.getByRole('button', { name: 'Sign in' }) },
  { path: '/terms-and-conditions', ready: (page: Page) => page.getByRole('heading', { level: 1 }) },
  { path: '/no/such/page', ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'WTF?' }) },
];

for (const { path, ready } of publicPages) {
  test(`an anonymous visit to ${path} leaves the console free of errors`, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const probe = page.waitForResponse((res) => res.url().endsWith('/api/auth/refresh'));
    await page.goto(path);
    await expect(ready(page)).toBeVisible();
    // The session probe has been answered, so its outcome is in the console if it logged anything.
    expect((await probe).status()).toBe(204);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
}
