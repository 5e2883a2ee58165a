import { expect, type Page, test } from '@playwright/test';
import { createCardViaApi } from './support/cards';
import { solidPng, uploadViaApi } from './support/files';
import { holdRequests } from './support/held-requests';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

/** Pastes files into the focused-or-given element the way a browser does with a copied screenshot. */
async function pasteFiles(page: Page, selector: string, files: { name: string; type: string; base64: string }[]) {
  await page.locator(selector).evaluate((element, items) => {
    const transfer = new DataTransfer();
    for (const item of items) {
      const bytes = Uint8Array.from(atob(item.base64), (c) => c.charCodeAt(0));
      transfer.items.add(new File([bytes], item.name, { type: item.type }));
    }
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
  }, files);
}

test('two files attached on a card show their progress and reach another member live', async ({
  page,
  request,
  browser,
}) => {
  const ada = await registerAccount(request, 'filer-a', 'Ada Filer');
  const ben = await registerAccount(request, 'filer-b', 'Ben Filer');
  const project = await createProjectViaApi(request, ada, 'Drawings');
  await addMemberViaApi(request, ada, project.id, ben.email, 'member');
  const card = await createCardViaApi(request, ada, project.id, 'Floor plan');

  const benContext = await browser.newContext();
  const benPage = await benContext.newPage();
  await signIn(benPage, ben);
  await benPage.goto(`/${project.id}/cards/${card.id}`);
  const benFiles = benPage.getByRole('region', { name: 'Files' });
  await expect(benFiles.getByText('No files yet.')).toBeVisible();

  await signIn(page, ada);
  await page.goto(`/${project.id}/cards/${card.id}`);
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByText('No files yet.')).toBeVisible();

  // Uploads are held at the network until their progress bars have been seen.
  const release = await holdRequests(page, '**/api/projects/*/files');
  const chooser = page.waitForEvent('filechooser');
  await files.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles([
    { name: 'plan.png', mimeType: 'image/png', buffer: solidPng(640, 480, [30, 120, 200]) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Walls: 12 cm\n') },
  ]);
  await expect(files.getByRole('progressbar')).toHaveCount(2);
  await expect(files.getByRole('progressbar', { name: 'Uploading plan.png' })).toBeVisible();
  await expect(files.getByRole('button', { name: 'Cancel upload of notes.txt' })).toBeVisible();
  release();

  await expect(files.getByRole('progressbar')).toHaveCount(0);
  await expect(files.getByRole('button', { name: 'plan.png' })).toBeVisible();
  await expect(files.getByText('notes.txt')).toBeVisible();
  await expect(files.getByRole('link', { name: 'Download notes.txt' })).toHaveAttribute('href', /\/api\/files\//);

  // Ben sees both without reloading, each with its uploader.
  await expect(benFiles.getByRole('button', { name: 'plan.png' })).toBeVisible();
  await expect(benFiles.getByText('notes.txt')).toBeVisible();
  await expect(benFiles.getByText(/Ada Filer/).first()).toBeVisible();
  await benContext.close();
});

test('a file over the limit is refused before it is sent, and a deleted file leaves the list', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'limit-a', 'Lim Owner');
  const project = await createProjectViaApi(request, owner, 'Limits');
  const card = await createCardViaApi(request, owner, project.id, 'Big things');
  await uploadViaApi(request, owner, project.id, { name: 'keep.txt', buffer: Buffer.from('keep'), cardId: card.id });
  await signIn(page, owner);
  await page.goto(`/${project.id}/cards/${card.id}`);
  const files = page.getByRole('region', { name: 'Files' });
  await expect(files.getByText('keep.txt')).toBeVisible();

  let uploads = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().endsWith('/files')) uploads += 1;
  });
  const chooser = page.waitForEvent('filechooser');
  await files.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles({
    name: 'huge.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(6 * 1024 * 1024),
  });
  await expect(files.getByRole('alert')).toHaveText('This file is larger than 5 MB');
  expect(uploads).toBe(0);
  await files.getByRole('button', { name: 'Dismiss huge.bin' }).click();
  await expect(files.getByRole('alert')).toHaveCount(0);

  await files.getByRole('listitem').filter({ hasText: 'keep.txt' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete file?' }).getByRole('button', { name: 'Delete file' }).click();
  await expect(files.getByText('No files yet.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Files' }).getByText('No files yet.')).toBeVisible();
});

test('an image pasted into the composer is sent with the message and shown to the others', async ({
  page,
  request,
  browser,
}) => {
  const ada = await registerAccount(request, 'paster-a', 'Ada Paster');
  const ben = await registerAccount(request, 'paster-b', 'Ben Paster');
  const project = await createProjectViaApi(request, ada, 'Screenshots');
  await addMemberViaApi(request, ada, project.id, ben.email, 'member');
  const card = await createCardViaApi(request, ada, project.id, 'Bug hunt');

  const benContext = await browser.newContext();
  const benPage = await benContext.newPage();
  await signIn(benPage, ben);
  await benPage.goto(`/${project.id}/cards/${card.id}`);
  await expect(benPage.getByText('No messages in General yet.')).toBeVisible();

  await signIn(page, ada);
  await page.goto(`/${project.id}/cards/${card.id}`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.click();
  await pasteFiles(page, 'textarea[aria-label="Message"]', [
    { name: 'screenshot.png', type: 'image/png', base64: solidPng(320, 200, [220, 40, 40]).toString('base64') },
  ]);
  const attached = page.getByRole('list', { name: 'Attached files' });
  await expect(attached.getByText('screenshot.png')).toBeVisible();
  // Not a card file: it goes with the message.
  await expect(page.getByRole('region', { name: 'Files' }).getByText('No files yet.')).toBeVisible();
  await composer.fill('This is what I see');
  await composer.press('Enter');
  await expect(attached).toHaveCount(0);

  const mine = page.getByRole('article', { name: 'Ada Paster' });
  await expect(mine).toContainText('This is what I see');
  await expect(mine.getByRole('button', { name: 'screenshot.png' })).toBeVisible();
  const theirs = benPage.getByRole('article', { name: 'Ada Paster' });
  await expect(theirs.getByRole('button', { name: 'screenshot.png' })).toBeVisible();
  await theirs.getByRole('button', { name: 'screenshot.png' }).click();
  await expect(
    benPage.getByRole('dialog', { name: 'screenshot.png' }).getByRole('img', { name: 'screenshot.png' }),
  ).toBeVisible();
  await benContext.close();
});

test('the image preview steps through the card’s images with the arrow keys', async ({ page, request }) => {
  const owner = await registerAccount(request, 'viewer-a', 'Pia Preview');
  const project = await createProjectViaApi(request, owner, 'Gallery');
  const card = await createCardViaApi(request, owner, project.id, 'Mood board');
  for (const [name, colour] of [
    ['first.png', [10, 10, 200]],
    ['second.png', [10, 200, 10]],
    ['third.png', [200, 10, 10]],
  ] as const) {
    await uploadViaApi(request, owner, project.id, {
      name,
      buffer: solidPng(800, 600, [...colour]),
      mimeType: 'image/png',
      cardId: card.id,
    });
  }
  await uploadViaApi(request, owner, project.id, { name: 'readme.txt', buffer: Buffer.from('r'), cardId: card.id });
  await signIn(page, owner);
  await page.goto(`/${project.id}/cards/${card.id}`);
  const files = page.getByRole('region', { name: 'Files' });
  // Newest first: third, second, first.
  await files.getByRole('button', { name: 'second.png' }).click();
  const preview = page.getByRole('dialog');
  await expect(preview).toHaveAccessibleName('second.png');
  await expect(preview.getByRole('img', { name: 'second.png' })).toBeVisible();
  await expect(preview.getByText('Image 2 of 3')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(preview).toHaveAccessibleName('first.png');
  await page.keyboard.press('ArrowRight');
  await expect(preview).toHaveAccessibleName('third.png');
  await page.keyboard.press('ArrowLeft');
  await expect(preview).toHaveAccessibleName('first.png');
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  // Focus goes back to the thumbnail of the image last shown.
  await expect(files.getByRole('button', { name: 'first.png' })).toBeFocused();
});

test('an image pasted into the card body is uploaded and shown in it, and stays after a reload', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'body-a', 'Bo Body');
  const project = await createProjectViaApi(request, owner, 'Docs');
  const card = await createCardViaApi(request, owner, project.id, 'Spec with pictures');
  await signIn(page, owner);
  await page.goto(`/${project.id}/cards/${card.id}`);
  const body = page.getByRole('textbox', { name: 'Card body' });
  await body.click();
  await body.pressSequentially('Here is the sketch:');
  await pasteFiles(page, '.card-body', [
    { name: 'sketch.png', type: 'image/png', base64: solidPng(300, 150, [90, 90, 90]).toString('base64') },
  ]);
  const image = body.getByRole('img', { name: 'sketch.png' });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^http:\/\/localhost:\d+\/api\/files\/[0-9a-f-]+\/content\?expires=/);
  // It is one of the card's files too.
  await expect(page.getByRole('region', { name: 'Files' }).getByRole('button', { name: 'sketch.png' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Card body' }).getByRole('img', { name: 'sketch.png' })).toBeVisible();
});
