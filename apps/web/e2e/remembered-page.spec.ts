import { expect, test } from '@playwright/test';
import { createAccount, signInWithForm, strongPassword, uniqueEmail } from './support/accounts';

test('after sign-in a visitor lands on the page they asked for', async ({ page, request }) => {
  const email = uniqueEmail('remember');
  await createAccount(request, email);
  // A project that is not theirs shows not-found, which still proves where we landed.
  const wanted = `/${crypto.randomUUID()}/kanban`;

  await page.goto(wanted);
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(wanted)}`);
  // Switching modes keeps the remembered page.
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create account' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();
  // The switch is a navigation, committed a moment later: until then the Email field is the register form's.
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await signInWithForm(page, email, strongPassword);

  await expect(page.getByText('You are logged in.')).toBeVisible();
  await expect(page).toHaveURL(wanted);
  await expect(page.getByRole('heading', { level: 1, name: 'WTF?' })).toBeVisible();
});

test('a signed-in visitor of /login goes to /dashboard', async ({ page, request }) => {
  const email = uniqueEmail('already-in');
  await createAccount(request, email);
  await page.goto('/login');
  await signInWithForm(page, email, strongPassword);
  await expect(page).toHaveURL('/dashboard');

  await page.goto('/login');
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('sign-in always lands on /dashboard', async ({ page, request }) => {
    const email = uniqueEmail('phone');
    await createAccount(request, email);
    await page.goto(`/${crypto.randomUUID()}/my-work`);
    await expect(page).toHaveURL(/\/login\?next=/);
    await signInWithForm(page, email, strongPassword);
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  });
});
