import { expect, test } from '@playwright/test';
import { createCardViaApi } from './support/cards';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

test('a member creates a card from the empty list and lands on it', async ({ page, request }) => {
  const owner = await registerAccount(request, 'card-maker', 'Cora Maker');
  const project = await createProjectViaApi(request, owner, 'Harbour');
  await signIn(page, owner);
  await page.goto(`/${project.id}`);
  await expect(page.getByText('No cards yet')).toBeVisible();

  await page.getByRole('button', { name: 'New card' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New card' });
  await dialog.getByRole('button', { name: 'Create card' }).click();
  await expect(dialog.getByText('Please give the card a title.')).toBeVisible();
  await dialog.getByLabel('Card title').fill('  Launch plan  ');
  await dialog.getByRole('button', { name: 'Create card' }).click();

  await expect(page).toHaveURL(new RegExp(`/${project.id}/cards/[0-9a-f-]{36}$`));
  await expect(page.getByRole('textbox', { name: 'Card title' })).toHaveValue('Launch plan');
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('link', { name: '← All cards' }).click();
  const list = page.getByRole('list', { name: 'Cards' });
  await expect(list.getByRole('link', { name: 'Launch plan' })).toBeVisible();
  await expect(list.getByText('1 chat')).toBeVisible();
});

test('the search box finds cards by title as you type and keeps the query in the URL', async ({ page, request }) => {
  const owner = await registerAccount(request, 'card-searcher', 'Sam Searcher');
  const project = await createProjectViaApi(request, owner, 'Library');
  await createCardViaApi(request, owner, project.id, 'Quarterly budget');
  await createCardViaApi(request, owner, project.id, 'Hiring pipeline');
  await signIn(page, owner);
  await page.goto(`/${project.id}`);
  const list = page.getByRole('list', { name: 'Cards' });
  await expect(list.getByRole('link')).toHaveCount(2);

  await page.getByRole('searchbox', { name: 'Search cards' }).fill('budg');
  await expect(list.getByRole('link')).toHaveCount(1);
  await expect(list.getByRole('link', { name: 'Quarterly budget' })).toBeVisible();
  await expect(page).toHaveURL(/\?q=budg$/);

  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Search cards' })).toHaveValue('budg');
  await expect(list.getByRole('link')).toHaveCount(1);

  await page.getByRole('searchbox', { name: 'Search cards' }).fill('nothing-like-this');
  await expect(page.getByText('No cards match')).toBeVisible();
});

test('an archived card leaves the list and shows under Archived, from where it can be restored', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'card-archiver', 'Ari Archiver');
  const project = await createProjectViaApi(request, owner, 'Attic');
  const card = await createCardViaApi(request, owner, project.id, 'Old idea');
  await signIn(page, owner);
  await page.goto(`/${project.id}/cards/${card.id}`);
  await page.getByRole('button', { name: 'Card actions' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByText('This card is archived')).toBeVisible();

  await page.goto(`/${project.id}`);
  await expect(page.getByText('No cards yet')).toBeVisible();
  await page.getByRole('button', { name: 'Archived' }).click();
  await expect(page).toHaveURL(/archived=true/);
  await page.getByRole('list', { name: 'Archived cards' }).getByRole('link', { name: 'Old idea' }).click();
  await page.getByRole('status').getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('This card is archived')).toHaveCount(0);
});

test('the title is renamed in place; a viewer sees it read-only with no card menu or New card', async ({
  page,
  request,
  browser,
}) => {
  const owner = await registerAccount(request, 'card-renamer', 'Rene Namer');
  const viewer = await registerAccount(request, 'card-viewer', 'Vic Viewer');
  const project = await createProjectViaApi(request, owner, 'Signal');
  await addMemberViaApi(request, owner, project.id, viewer.email, 'viewer');
  const card = await createCardViaApi(request, owner, project.id, 'Draft title');

  const viewerContext = await browser.newContext();
  const viewerPage = await viewerContext.newPage();
  await signIn(viewerPage, viewer);
  await viewerPage.goto(`/${project.id}/cards/${card.id}`);
  await expect(viewerPage.getByRole('textbox', { name: 'Card title' })).toHaveAttribute('readonly', '');
  await expect(viewerPage.getByRole('button', { name: 'Card actions' })).toHaveCount(0);
  await expect(viewerPage.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  await expect(viewerPage.getByRole('textbox', { name: 'Card body' })).toHaveAttribute('contenteditable', 'false');

  await signIn(page, owner);
  await page.goto(`/${project.id}/cards/${card.id}`);
  const title = page.getByRole('textbox', { name: 'Card title' });
  await title.fill('Final title');
  await title.press('Enter');
  // The viewer's open page follows the rename through the live channel.
  await expect(viewerPage.getByRole('textbox', { name: 'Card title' })).toHaveValue('Final title');

  await viewerPage.goto(`/${project.id}`);
  await expect(viewerPage.getByRole('link', { name: 'Final title' })).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'New card' })).toHaveCount(0);
  await viewerContext.close();
});

test('deleting a card asks first, then returns to the list without it', async ({ page, request }) => {
  const owner = await registerAccount(request, 'card-deleter', 'Dee Leter');
  const project = await createProjectViaApi(request, owner, 'Scrapyard');
  const card = await createCardViaApi(request, owner, project.id, 'Doomed card');
  await signIn(page, owner);
  await page.goto(`/${project.id}/cards/${card.id}`);
  await page.getByRole('button', { name: 'Card actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this card?' }).getByRole('button', { name: 'Delete card' }).click();
  await expect(page).toHaveURL(`/${project.id}`);
  await expect(page.getByText('No cards yet')).toBeVisible();

  await page.goto(`/${project.id}/cards/${card.id}`);
  await expect(page.getByText('This card does not exist')).toBeVisible();
});
