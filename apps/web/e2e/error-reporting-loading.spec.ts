import { expect, type Page, test } from '@playwright/test';
import { z } from 'zod';
import { holdRequests } from './support/held-requests';
import { registerAccount, signIn } from './support/projects';

/** What Sentry's replay keeps in sessionStorage once it has drawn this visit's sampling. */
const ReplaySession = z.object({ sampled: z.union([z.enum(['session', 'buffer']), z.literal(false)]) });

/** How replay sampled this visit, or null while replay has not started. */
async function replaySampling(page: Page): Promise<string | false | null> {
  const stored = await page.evaluate(() => sessionStorage.getItem('sentryReplaySession'));
  return stored === null ? null : ReplaySession.parse(JSON.parse(stored)).sampled;
}

// Spec §9: 10% of sessions are replayed whole; the others keep their last minute in memory, sent with an error.
for (const { draw, sampled } of [
  { draw: 0.05, sampled: 'session' },
  { draw: 0.5, sampled: 'buffer' },
]) {
  test(`session replay, added after the first paint, records a visit that draws ${draw} as "${sampled}"`, async ({
    page,
  }) => {
    await page.addInitScript((value) => {
      Math.random = () => value;
    }, draw);
    await page.goto('/login');
    await expect.poll(() => replaySampling(page)).toBe(sampled);
  });
}

test('the sign-in page fetches error reporting, replay included, after its first paint, and never the feedback dialog’s code', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/login');
  await expect.poll(() => replaySampling(page)).not.toBeNull();
  await page.waitForLoadState('networkidle');
  const started = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    reporting:
      performance.getEntriesByType('resource').find((entry) => /\/assets\/sentry-[^/]+\.js$/.test(entry.name))
        ?.startTime ?? null,
  }));
  expect(started.paint).not.toBeNull();
  expect(started.reporting).toBeGreaterThan(started.paint ?? Number.POSITIVE_INFINITY);
  expect(scripts.filter((path) => path.startsWith('/assets/feedback-'))).toEqual([]);
});

for (const { kind, rejection } of [
  { kind: 'an error', rejection: false },
  { kind: 'a promise rejection', rejection: true },
]) {
  test(`${kind} nobody caught before error reporting started is reported, as unhandled, once it has`, async ({
    page,
  }) => {
    const message = `Failed before error reporting started: ${kind}`;
    // Module scripts have run when DOMContentLoaded fires; error reporting waits for the first paint.
    await page.addInitScript(
      (failure) => {
        document.addEventListener('DOMContentLoaded', () => {
          if (failure.rejection) {
            void Promise.reject(new Error(failure.message));
          } else {
            setTimeout(() => {
              throw new Error(failure.message);
            });
          }
        });
      },
      { message, rejection },
    );
    const reported = page.waitForRequest(
      (request) => request.url().includes('/envelope/') && (request.postData() ?? '').includes(message),
    );
    await page.goto('/login');
    expect((await reported).postData()).toContain('"handled":false');
  });
}

test('Report a problem opens the dialog when its code has not arrived before the click', async ({ page, request }) => {
  const user = await registerAccount(request, 'early', 'Eli Early');
  // The dialog's code is held back until the menu item has been clicked, so it cannot have loaded before.
  const releaseDialogCode = await holdRequests(page, '**/assets/feedback-*.js');
  await signIn(page, user);
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Report a problem' }).click();
  releaseDialogCode();
  await expect(page.locator('#sentry-feedback').getByRole('heading', { name: 'Report a problem' })).toBeVisible();
});

test('Report a problem says it is opening while its code loads, and opens one form however often it is asked', async ({
  page,
  request,
}) => {
  const reporter = await registerAccount(request, 'impatient', 'Ira Impatient');
  // A slow connection: the form's code arrives only when the test lets it.
  const release = await holdRequests(page, '**/assets/feedback-*.js');
  await signIn(page, reporter);

  for (let i = 0; i < 2; i += 1) {
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Report a problem' }).click();
  }
  await expect(page.getByText('Opening the report form…')).toBeVisible();
  release();
  const form = page.locator('#sentry-feedback');
  await expect(form.getByRole('heading', { name: 'Report a problem' })).toHaveCount(1);
  await expect(form.getByRole('heading', { name: 'Report a problem' })).toBeVisible();
  await expect(page.getByText('Opening the report form…')).toHaveCount(0);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form.getByRole('heading', { name: 'Report a problem' })).toHaveCount(0);
});
