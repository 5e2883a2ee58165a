import { expect, type Page, test } from '@playwright/test';
import { column } from './support/board';
import { createProjectViaApi, registerAccount, signIn } from './support/projects';

/** Holds back a page's code (a chunk named `name`) until `release` is called, to look at what shows meanwhile. */
async function holdChunk(page: Page, name: string): Promise<{ requested: Promise<unknown>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const chunk = new RegExp(`/assets/${name}-[^/]*\\.js$`);
  const requested = page.waitForRequest(chunk);
  await page.route(chunk, async (route) => {
    await released;
    await route.continue();
  });
  return { requested, release };
}

test('the first page shows as soon as its code is here, without waiting on a timer', async ({ page }) => {
  // With time stopped, anything the page waited for by a timer would never come: React, for one, reveals content
  // that replaces a Suspense fallback no sooner than 300 ms after the fallback showed.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.goto('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
});

test('moving to another page keeps the current one on screen until the next page’s code has arrived', async ({
  page,
  request,
}) => {
  const user = await registerAccount(request, 'patient', 'Pat Patient');
  await createProjectViaApi(request, user, 'Slow harbour');
  await signIn(page, user);

  const cardsPage = await holdChunk(page, 'cards-page');
  await page.getByRole('link', { name: /Slow harbour/ }).click();
  await cardsPage.requested;
  // Not the full-page loader in its place.
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading', exact: true })).toHaveCount(0);

  cardsPage.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Slow harbour' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toHaveCount(0);
});

test('a deep link fetches the code of its layouts and its page at once, not each after its parent', async ({
  page,
  request,
}) => {
  const user = await registerAccount(request, 'deep', 'Dee Deeplink');
  const project = await createProjectViaApi(request, user, 'Deep harbour');
  await signIn(page, user);

  // The outermost of the layouts around the board: while it is held back, nothing inside it can render.
  const queryLayout = await holdChunk(page, 'query-layout');
  const inner = ['shell', 'project-route', 'kanban-page'].map((name) =>
    page.waitForRequest(new RegExp(`/assets/${name}-[^/]*\\.js$`)),
  );
  await page.goto(`/${project.id}/kanban`, { waitUntil: 'commit' });
  await queryLayout.requested;
  await Promise.all(inner);

  queryLayout.release();
  await expect(page.getByRole('heading', { level: 1, name: 'Deep harbour' })).toBeVisible();
  await expect(column(page, 'To do')).toBeVisible();
});

test('after a page whose code could not load, going back shows the page before it again', async ({ page, request }) => {
  const user = await registerAccount(request, 'returner', 'Ray Returner');
  await createProjectViaApi(request, user, 'Lost harbour');
  await signIn(page, user);
  await page.route(/\/assets\/cards-page-[^/]*\.js$/, (route) => route.abort('connectionreset'));
  await page.getByRole('link', { name: /Lost harbour/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toHaveCount(0);
});
