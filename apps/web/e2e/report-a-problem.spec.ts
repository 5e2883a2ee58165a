import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { z } from 'zod';
import { signInWithForm, strongPassword } from './support/accounts';
import { adminAccount } from './support/admin';
import { type ApiAccount, createProjectViaApi, registerAccount, signIn } from './support/projects';
import { freePort, startServerProcess } from './support/server-process';

async function adminApiText(request: APIRequestContext, admin: ApiAccount, path: string): Promise<string> {
  const response = await request.get(`/api/${path}`, { headers: { Authorization: `Bearer ${admin.token}` } });
  return response.text();
}

async function adminApiStatus(request: APIRequestContext, admin: ApiAccount, path: string): Promise<number> {
  const response = await request.get(`/api/${path}`, { headers: { Authorization: `Bearer ${admin.token}` } });
  return response.status();
}

const ErrorGroups = z.array(
  z.object({ title: z.string(), latest_event: z.object({ replay_id: z.string().nullable() }) }),
);

/** The replay id the error with `marker` in its title was sent with. */
async function replayOf(request: APIRequestContext, admin: ApiAccount, marker: string): Promise<string> {
  const groups = ErrorGroups.parse(JSON.parse(await adminApiText(request, admin, 'admin/reports/errors')));
  const replayId = groups.find((group) => group.title.includes(marker))?.latest_event.replay_id;
  if (!replayId) throw new Error(`The error "${marker}" came without a replay id`);
  return replayId;
}

/** Drags a rectangle over the screenshot editor's drawing layer, from one fraction of its box to another. */
async function drawRectangle(page: Page, layer: Locator, from: [number, number], to: [number, number]) {
  const box = await layer.boundingBox();
  if (!box) throw new Error('The screenshot editor is not visible');
  await page.mouse.move(box.x + box.width * from[0], box.y + box.height * from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * ((from[0] + to[0]) / 2), box.y + box.height * ((from[1] + to[1]) / 2));
  await page.mouse.move(box.x + box.width * to[0], box.y + box.height * to[1]);
  await page.mouse.up();
}

test('a problem is reported with an annotated screenshot and the admin sees it in the reports', {
  tag: '@full-browser',
}, async ({ browser, page, request }) => {
  test.setTimeout(90_000);
  const reporter = await registerAccount(request, 'reporter', 'Rita Reporter');
  await signIn(page, reporter);

  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Report a problem' }).click();
  const form = page.locator('#sentry-feedback');
  const message = `The board froze ${crypto.randomUUID().slice(0, 8)}`;
  await expect(form.getByRole('heading', { name: 'Report a problem' })).toBeVisible();
  // Name and email are asked for only when the instance requires them (off by default).
  await expect(form.getByLabel('Email')).toHaveCount(0);
  await form.getByLabel('Description').fill(message);

  await form.getByRole('button', { name: 'Add a screenshot' }).click();
  const layer = form.locator('.editor__canvas-container > div');
  await expect(layer).toBeVisible();
  const remove = form.getByRole('button', { name: 'Remove', exact: true });
  await drawRectangle(page, layer, [0.1, 0.1], [0.4, 0.3]);
  await expect(remove).toHaveCount(1);
  await remove.click();
  await expect(remove).toHaveCount(0);
  await drawRectangle(page, layer, [0.5, 0.5], [0.8, 0.7]);
  await expect(remove).toHaveCount(1);

  const sent = page.waitForResponse((response) => response.url().includes('/ingest/') && response.ok());
  await form.getByRole('button', { name: 'Send report' }).click();
  await sent;
  await expect(form.getByText('Thank you for your report!')).toBeVisible();

  const admin = await adminAccount(request);
  await expect.poll(() => adminApiText(request, admin, 'admin/reports/feedback')).toContain(message);
  const adminPage = await browser.newPage();
  await signIn(adminPage, admin);
  await adminPage.goto('/admin/reports');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const feedback = adminPage.getByRole('article').filter({ hasText: message });
  await expect(feedback).toBeVisible();
  await expect(feedback.getByText(reporter.userId)).toBeVisible();
  const screenshot = feedback.getByRole('img', { name: /Screenshot sent with the feedback/ });
  await expect(screenshot).toBeVisible();
  await expect(screenshot).toHaveAttribute('src', /^blob:/);
  expect(await screenshot.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100);
});

test('an error thrown in the app appears as an error group for the admin, with its replay', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await registerAccount(request, 'thrower', 'Theo Thrower');
  // Every envelope this page sends to the instance's own intake, to see which kinds of item it sends.
  const envelopes: string[] = [];
  page.on('request', (sentRequest) => {
    if (sentRequest.url().includes('/ingest/')) envelopes.push(sentRequest.postDataBuffer()?.toString('latin1') ?? '');
  });
  await signIn(page, user);
  const marker = `e2e boom ${crypto.randomUUID().slice(0, 8)}`;
  // Sentry's global handlers start once the SDK has loaded after the first render, and session replay once the page
  // has been painted: an error before that would go without a replay. Replay has started when it has stored how it
  // sampled this visit.
  await expect
    .poll(() => page.evaluate(() => '__SENTRY__' in window && typeof window.onerror === 'function'))
    .toBe(true);
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('sentryReplaySession'))).not.toBeNull();
  const sent = page.waitForResponse((response) => response.url().includes('/ingest/') && response.ok());
  await page.evaluate((text) => {
    setTimeout(() => {
      throw new Error(text);
    });
  }, marker);
  await sent;
  // The own intake keeps errors and replays and drops sessions and client reports, so the page sends it none:
  // they would use up the address's envelopes for nothing.
  expect(envelopes.some((body) => body.includes('{"type":"event"'))).toBe(true);
  expect(envelopes.filter((body) => /\{"type":"(session|client_report)"/.test(body))).toEqual([]);

  const admin = await adminAccount(request);
  await expect.poll(() => adminApiText(request, admin, 'admin/reports/errors')).toContain(marker);
  const adminPage = await browser.newPage();
  await signIn(adminPage, admin);
  await adminPage.goto('/admin/reports');
  const group = adminPage.getByRole('article', { name: new RegExp(marker) });
  await expect(group).toBeVisible();
  await expect(group.getByText('Chrome', { exact: false })).toBeVisible();
  await group.getByText('Latest stack trace').click();
  await expect(group.locator('pre')).toContainText(marker);

  // Every session with an error sends its replay (spec §9: replaysOnErrorSampleRate 1.0), a few seconds after it.
  const replayId = await replayOf(request, admin, marker);
  await expect
    .poll(() => adminApiStatus(request, admin, `admin/reports/replays/${replayId}`), { timeout: 30_000 })
    .toBe(200);
  // The recording was compressed in the app's replay worker (replay-worker.ts): each segment, after its header line,
  // is a zlib stream (0x78), not the plain JSON array the SDK sends when no worker could start.
  const segmentStarts = envelopes.flatMap((body) =>
    [...body.matchAll(/"type":"replay_recording"[^\n]*\n\{"segment_id":\d+\}\n(.)/g)].map((match) => match[1]),
  );
  expect(segmentStarts.length).toBeGreaterThan(0);
  expect(segmentStarts.every((first) => first === 'x')).toBe(true);
  await group.getByRole('button', { name: 'Play replay' }).click();
  const replay = group.getByRole('region', { name: 'Session replay' });
  // The recording may begin on the sign-in page or on the loader before the dashboard (replay starts once a page has
  // been painted), so the dashboard is looked for once the replay has played, not at its start.
  // rrweb-player's play button has no name; it is the first of its controls.
  await replay.locator('.rr-controller__btns button').first().click();
  // The recorded page is rebuilt inside the player's frame: the dashboard's heading (its text masked by the SDK).
  await expect(replay.locator('iframe').contentFrame().locator('h1')).not.toHaveCount(0);
  // The timeline spans the seconds recorded: an hour or more would mean the SDK's seconds were read as milliseconds.
  await expect(replay.locator('.rr-timeline__time').last()).toHaveText(/^\d\d:\d\d$/);
});

test('a signed-in person who is not the admin gets the not-found page for the admin pages', async ({
  page,
  request,
}) => {
  const user = await registerAccount(request, 'nosy', 'Nora Nosy');
  await signIn(page, user);
  for (const path of ['/admin/reports', '/admin/insights']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'WTF?' })).toBeVisible();
  }
});

test('on an instance that asks for name and email, the report form fills them in from the profile', async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  // An instance of its own: the suite's server keeps the default, which asks for neither.
  const instance = await startServerProcess(await freePort(), {
    FEEDBACK_REQUIRE_NAME: 'true',
    FEEDBACK_REQUIRE_EMAIL: 'true',
  });
  try {
    const request = await playwright.request.newContext({ baseURL: instance.url });
    const reporter = await registerAccount(request, 'named', 'Nadia Named');
    await request.dispose();
    await page.goto(`${instance.url}/login`);
    await signInWithForm(page, reporter.email, strongPassword);
    await expect(page).toHaveURL(`${instance.url}/dashboard`);

    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Report a problem' }).click();
    const form = page.locator('#sentry-feedback');
    await expect(form.getByRole('heading', { name: 'Report a problem' })).toBeVisible();
    await expect(form.getByLabel('Name')).toHaveValue('Nadia Named');
    await expect(form.getByLabel('Email')).toHaveValue(reporter.email);
  } finally {
    await instance.stop();
  }
});

test('a page whose code cannot load shows the error page, and the problem can be reported from it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await registerAccount(request, 'stranded', 'Sam Stranded');
  await createProjectViaApi(request, user, 'Harbour works');
  await signIn(page, user);
  // A deploy or a dropped connection while someone moves on: the next page's code does not arrive.
  await page.route('**/assets/cards-page-*.js', (route) => route.abort('connectionreset'));
  await page.getByRole('link', { name: /Harbour works/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();

  await page.getByRole('button', { name: 'Report a problem' }).click();
  const form = page.locator('#sentry-feedback');
  await expect(form.getByRole('heading', { name: 'Report a problem' })).toBeVisible();
  const message = `The terms would not open ${crypto.randomUUID().slice(0, 8)}`;
  await form.getByLabel('Description').fill(message);
  const sent = page.waitForResponse((response) => response.url().includes('/ingest/') && response.ok());
  await form.getByRole('button', { name: 'Send report' }).click();
  await sent;
  await expect(form.getByText('Thank you for your report!')).toBeVisible();

  const admin = await adminAccount(request);
  await expect.poll(() => adminApiText(request, admin, 'admin/reports/feedback')).toContain(message);
  // The failed load itself was reported as an error.
  await expect.poll(() => adminApiText(request, admin, 'admin/reports/errors')).toContain('cards-page');
});
