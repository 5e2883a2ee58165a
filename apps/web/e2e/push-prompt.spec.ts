import { expect, type Page, test } from '@playwright/test';
import { registerAccount, signIn } from './support/projects';

const registrationFailure = 'Push: this browser could not be registered';

function prompt(page: Page) {
  return page.getByRole('region', { name: 'Browser notifications' });
}

/**
 * Resolves with the subscription the page sent to POST /api/push/register, or with null once the page logged that
 * registering failed. Headless Chromium in Playwright's (incognito) contexts has no push service, so there
 * `pushManager.subscribe` fails; where it works, the request is what to check.
 */
function pushRegistrationOutcome(page: Page): Promise<unknown> {
  const request = page
    .waitForRequest((candidate) => candidate.url().endsWith('/api/push/register') && candidate.method() === 'POST')
    .then((sent) => sent.postDataJSON());
  const failure = page
    .waitForEvent(
      'console',
      (message) => message.type() === 'warning' && message.text().startsWith(registrationFailure),
    )
    .then(() => null);
  return Promise.race([request, failure]);
}

test('permission is asked only from the prompt; once granted, this browser is registered or fails quietly', {
  tag: '@full-browser',
}, async ({ page, context, request }) => {
  const person = await registerAccount(request, 'push-yes', 'Yara Yes');
  await signIn(page, person);
  await expect(prompt(page)).toContainText('Get notified on this device?');
  // Never asked on page load.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');

  await context.grantPermissions(['notifications']);
  const outcome = pushRegistrationOutcome(page);
  await prompt(page).getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(prompt(page)).toHaveCount(0);

  const sent = await outcome;
  test.info().annotations.push({
    type: 'push subscription',
    description: sent === null ? 'pushManager.subscribe failed here; the failure was logged' : 'registered',
  });
  if (sent !== null) {
    expect(sent).toEqual({
      subscription: expect.objectContaining({
        endpoint: expect.stringMatching(/^https:/),
        keys: { p256dh: expect.any(String), auth: expect.any(String) },
      }),
    });
  }
  // Spec §8: whatever happened, nobody is told about a failure.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
});

test('with permission granted earlier, this browser is registered again without a prompt', {
  tag: '@full-browser',
}, async ({ page, context, request }) => {
  const person = await registerAccount(request, 'push-again', 'Abel Again');
  await context.grantPermissions(['notifications']);
  const outcome = pushRegistrationOutcome(page);
  await signIn(page, person);
  await outcome;
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('Not now hides the prompt for this browser', { tag: '@full-browser' }, async ({ page, request }) => {
  const person = await registerAccount(request, 'push-later', 'Lars Later');
  await signIn(page, person);
  await prompt(page).getByRole('button', { name: 'Not now' }).click();
  await expect(prompt(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
});

test('a refused permission is respected: the prompt does not come back', { tag: '@full-browser' }, async ({
  page,
  request,
}) => {
  const person = await registerAccount(request, 'push-no', 'Nina No');
  await signIn(page, person);
  // Without a grant, the browser answers the request itself: headless Chromium refuses it.
  await prompt(page).getByRole('button', { name: 'Turn on notifications' }).click();
  await expect(prompt(page)).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => Notification.permission)).toBe('denied');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(prompt(page)).toHaveCount(0);
});
