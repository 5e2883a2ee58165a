import { expect, test } from '@playwright/test';
import { createCardViaApi } from './support/cards';
import { uploadViaApi } from './support/files';
import { createProjectViaApi, registerAccount, signIn } from './support/projects';

test('at 375 px wide the body and the chats stack; on a wide screen they sit side by side', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'stacker', 'Stella Stacker');
  const project = await createProjectViaApi(request, owner, 'Pocket');
  const card = await createCardViaApi(request, owner, project.id, 'Small screens');
  await signIn(page, owner);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/${project.id}/cards/${card.id}`);
  await expect(page.getByRole('textbox', { name: 'Card body' })).toBeVisible();
  const body = page.getByRole('region', { name: 'Body' });
  const chats = page.getByRole('region', { name: 'Discussion' });
  const [narrowBody, narrowChats] = [await body.boundingBox(), await chats.boundingBox()];
  expect(narrowBody && narrowChats).toBeTruthy();
  if (!narrowBody || !narrowChats) return;
  expect(narrowChats.y).toBeGreaterThanOrEqual(narrowBody.y + narrowBody.height);
  expect(narrowBody.width).toBeLessThanOrEqual(375);
  // Nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.setViewportSize({ width: 1400, height: 900 });
  await expect
    .poll(async () => {
      const [wideBody, wideChats] = [await body.boundingBox(), await chats.boundingBox()];
      return wideBody && wideChats ? wideChats.x >= wideBody.x + wideBody.width && wideChats.y === wideBody.y : false;
    })
    .toBe(true);
});

test('at 375 px wide a card’s file shows its whole name on one line, with Download and Delete', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'filer', 'Fay Filer');
  const project = await createProjectViaApi(request, owner, 'Pocket files');
  const card = await createCardViaApi(request, owner, project.id, 'Papers');
  await uploadViaApi(request, owner, project.id, { name: 'notes.txt', buffer: Buffer.from('hello'), cardId: card.id });
  await signIn(page, owner);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/${project.id}/cards/${card.id}`);

  // What stands above the files loads on its own; scrolled to before it had, the name was pushed out of view.
  await expect(page.getByRole('textbox', { name: 'Card body' })).toBeVisible();
  await expect(page.getByText('No tasks yet.')).toBeVisible();
  const files = page.getByRole('region', { name: 'Files' });
  const name = files.getByText('notes.txt', { exact: true });
  await name.scrollIntoViewIfNeeded();
  await expect(name).toBeInViewport({ ratio: 1 });
  // Shown whole: neither cut short with an ellipsis nor clipped.
  expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  // On one line: beside both actions it had room for "notes.tx" and broke before the "t".
  expect(
    await name.evaluate((element) => element.clientHeight <= Number.parseFloat(getComputedStyle(element).lineHeight)),
  ).toBe(true);
  await expect(files.getByRole('link', { name: 'Download notes.txt' })).toBeInViewport({ ratio: 1 });
  await expect(files.getByRole('button', { name: 'Delete' })).toBeInViewport({ ratio: 1 });
});
