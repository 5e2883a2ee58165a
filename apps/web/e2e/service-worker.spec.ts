import { expect, test } from '@playwright/test';
import { registerAccount, signIn } from './support/projects';
import {
  clickShownNotification,
  countShownNotifications,
  deliverPush,
  expectControlledBy,
  serviceWorkerScope,
  shownNotifications,
} from './support/service-worker';

test('after sign-in the service worker is registered for the whole app and a navigate message moves the page', async ({
  page,
  request,
}) => {
  const person = await registerAccount(request, 'worker', 'Walt Worker');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);

  await signIn(page, person);
  expect(await serviceWorkerScope(page)).toBe(new URL('/', page.url()).href);
  // clients.claim(): the page that registered it is controlled without a reload.
  await expectControlledBy(page, '/sw.js');

  await page.evaluate(() =>
    navigator.serviceWorker.controller?.postMessage({ type: 'navigate', url: '/terms-and-conditions' }),
  );
  await expect(page).toHaveURL('/terms-and-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();

  // Another site is never a destination.
  await page.evaluate(() =>
    navigator.serviceWorker.controller?.postMessage({ type: 'navigate', url: 'https://example.com/' }),
  );
  await page.evaluate(() => navigator.serviceWorker.controller?.postMessage({ type: 'navigate', url: '/dashboard' }));
  await expect(page).toHaveURL('/dashboard');
});

test('a push is shown as a browser notification, and a navigate push moves the page', { tag: '@full-browser' }, async ({
  page,
  context,
  request,
}) => {
  const person = await registerAccount(request, 'pushed', 'Pia Pushed');
  await signIn(page, person);
  await expectControlledBy(page, '/sw.js');
  await context.grantPermissions(['notifications']);

  const waitUntilShown = await countShownNotifications(context);
  const notificationId = crypto.randomUUID();
  await deliverPush(page, {
    title: 'Added to Quay',
    message: 'Nora added you to Quay as member.',
    url: 'http://deckhand.example/0190a0b0-0000-7000-8000-000000000001',
    notification_id: notificationId,
  });
  await waitUntilShown(1);
  expect(await shownNotifications(page)).toEqual([
    {
      title: 'Added to Quay',
      body: 'Nora added you to Quay as member.',
      tag: notificationId,
      // The server's PUBLIC_URL may name the site differently; the route is what counts.
      url: new URL('/0190a0b0-0000-7000-8000-000000000001', page.url()).href,
    },
  ]);

  // Chromium lets no test click a notification; the worker gets the event a click would give it, on the
  // notification it shows. It closes the notification and moves the open window to the project.
  await clickShownNotification(context);
  await expect(page).toHaveURL('/0190a0b0-0000-7000-8000-000000000001');
  await expect.poll(() => shownNotifications(page)).toEqual([]);

  await deliverPush(page, { type: 'navigate', url: '/terms-and-conditions' });
  await expect(page).toHaveURL('/terms-and-conditions');
});
