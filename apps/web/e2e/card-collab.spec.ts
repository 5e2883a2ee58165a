import { expect, type Page, test } from '@playwright/test';
import { createCardViaApi } from './support/cards';
import { holdAnimationFrames } from './support/held-frames';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

function body(page: Page) {
  return page.getByRole('textbox', { name: 'Card body' });
}

test('two people type into one card and see each other’s words and carets', async ({ page, request, browser }) => {
  // Two browsers, a reload and the list: three times the usual budget.
  test.slow();
  const ada = await registerAccount(request, 'co-editor-a', 'Ada Writer');
  const ben = await registerAccount(request, 'co-editor-b', 'Ben Writer');
  const project = await createProjectViaApi(request, ada, 'Manuscripts');
  await addMemberViaApi(request, ada, project.id, ben.email, 'member');
  const card = await createCardViaApi(request, ada, project.id, 'Shared draft');

  await signIn(page, ada);
  await page.goto(`/${project.id}/cards/${card.id}`);
  await expect(body(page)).toHaveAttribute('contenteditable', 'true');

  const benContext = await browser.newContext();
  const benPage = await benContext.newPage();
  await signIn(benPage, ben);
  await benPage.goto(`/${project.id}/cards/${card.id}`);
  await expect(body(benPage)).toHaveAttribute('contenteditable', 'true');

  await body(page).click();
  await page.keyboard.type('Hello from Ada.');
  await expect(body(benPage)).toContainText('Hello from Ada.');

  await body(benPage).click();
  await benPage.keyboard.press('End');
  await benPage.keyboard.type(' And Ben.');
  await expect(body(page)).toContainText('Hello from Ada. And Ben.');

  // Each sees the other's caret, labelled with their name, and both on the card's avatars.
  await expect(body(page).getByText('Ben Writer')).toBeVisible();
  await expect(body(benPage).getByText('Ada Writer')).toBeVisible();
  await expect(page.getByRole('list', { name: 'On this card now: Ada Writer, Ben Writer' })).toBeVisible();

  // What was typed is stored: a fresh load shows it, and the list's excerpt has it.
  await page.reload();
  await expect(body(page)).toContainText('Hello from Ada. And Ben.');
  await page.goto(`/${project.id}`);
  await expect(page.getByRole('list', { name: 'Cards' })).toContainText('Hello from Ada. And Ben.');
  await benContext.close();
});

test('the editor shows its placeholder, formats with the toolbar and with markdown shortcuts', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'formatter', 'Fay Formatter');
  const project = await createProjectViaApi(request, owner, 'Typesetting');
  const card = await createCardViaApi(request, owner, project.id, 'Style guide');
  await signIn(page, owner);
  await page.goto(`/${project.id}/cards/${card.id}`);
  await expect(body(page).locator('p[data-placeholder="Write something…"]')).toBeVisible();

  await body(page).click();
  await page.keyboard.type('## Heading made by markdown');
  await page.keyboard.press('Enter');
  await page.keyboard.type('- first item');
  await expect(body(page).getByRole('heading', { level: 2, name: 'Heading made by markdown' })).toBeVisible();
  await expect(body(page).getByRole('listitem')).toHaveText('first item');

  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  // Frames are held while typing goes on after a click on the toolbar: an editor that had lost the focus to the
  // button would get it back only on the next frame, and lose the letters typed before it.
  const releaseFrames = await holdAnimationFrames(page);
  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('strong words');
  await releaseFrames();
  await expect(body(page).locator('strong')).toHaveText('strong words');
  await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
});

test('stored markup in titles, bodies and messages is shown as text, never run', async ({ page, request }) => {
  const owner = await registerAccount(request, 'xss-tester', 'Xena Tester');
  const project = await createProjectViaApi(request, owner, 'Quarantine');
  const attack = '<img src=x onerror="window.__xss=1">';
  const card = await createCardViaApi(request, owner, project.id, `Title ${attack}`);
  await signIn(page, owner);
  await page.goto(`/${project.id}/cards/${card.id}`);
  await expect(page.getByRole('textbox', { name: 'Card title' })).toHaveValue(`Title ${attack}`);

  await body(page).click();
  await page.keyboard.type(`Body <script>window.__xss=2</script> ${attack}`);
  await expect(body(page)).toContainText(`Body <script>window.__xss=2</script> ${attack}`);

  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(`Message ${attack} <a href="javascript:window.__xss=3">link</a>`);
  await composer.press('Enter');
  const message = page.getByRole('article').filter({ hasText: 'Message <img' });
  await expect(message).toContainText(`Message ${attack} <a href="javascript:window.__xss=3">link</a>`);
  await expect(message.locator('img[src="x"], a[href^="javascript"]')).toHaveCount(0);

  await page.goto(`/${project.id}`);
  await expect(page.getByRole('link', { name: `Title ${attack}` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Cards' })).toContainText('<script>window.__xss=2</script>');
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator('main img[src="x"]')).toHaveCount(0);
});
