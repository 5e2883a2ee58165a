import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { tile } from './support/board';
import { chatsViaApi, createCardViaApi, createTaskViaApi, postMessageViaApi } from './support/cards';
import { uploadViaApi } from './support/files';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

async function expectNoSevereViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target) }));
  expect(severe).toEqual([]);
}

test('the owner exports a project as a zip and imports it again as a new project', async ({ page, request }) => {
  // A body typed in the editor, an export and an import run by the server's jobs, two axe passes: several journeys.
  test.slow();
  const owner = await registerAccount(request, 'exporter', 'Ezra Exporter');
  const project = await createProjectViaApi(request, owner, 'Harbour ledger');
  const card = await createCardViaApi(request, owner, project.id, 'Mooring plan');
  const [general] = await chatsViaApi(request, owner, card.id);
  if (!general) throw new Error('A new card has its first chat');
  await postMessageViaApi(request, owner, general.id, 'Buoys arrive on Tuesday');
  await createTaskViaApi(request, owner, card.id, { title: 'Inspect the chains' });
  await uploadViaApi(request, owner, project.id, {
    name: 'tide-table.txt',
    buffer: Buffer.from('High water 06:12\n'),
    mimeType: 'text/plain',
    cardId: card.id,
  });

  await signIn(page, owner);
  await page.goto(`/${project.id}/cards/${card.id}`);
  const body = page.getByRole('textbox', { name: 'Card body' });
  await expect(body).toHaveAttribute('contenteditable', 'true');
  await body.click();
  await page.keyboard.type('Berths 4 to 7 are ours.');
  // The list's excerpt comes from the stored body: once it shows, the export will have it.
  await page.goto(`/${project.id}`);
  await expect(page.getByRole('list', { name: 'Cards' })).toContainText('Berths 4 to 7 are ours.');

  await page.goto(`/${project.id}/settings`);
  const exportSection = page.getByRole('region', { name: 'Export' });
  await exportSection.getByRole('button', { name: 'Export project' }).click();
  const downloadLink = exportSection.getByRole('link', { name: 'Download export' });
  await expect(downloadLink).toBeVisible();
  await expect(exportSection).toContainText(/Ready: a [\d.]+ (bytes|KB|MB) zip/);
  await expect(exportSection.getByRole('progressbar', { name: 'Export progress' })).toHaveCount(0);
  await expectNoSevereViolations(page);

  // A reload shows the same export, kept on the server.
  await page.reload();
  await expect(downloadLink).toBeVisible();
  const downloading = page.waitForEvent('download');
  await downloadLink.click();
  const zipPath = test.info().outputPath('export.zip');
  await (await downloading).saveAs(zipPath);
  expect((await readFile(zipPath)).subarray(0, 2).toString('latin1')).toBe('PK');

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a project' });
  await expect(dialog.getByText('A Deckhand export (.zip) or a Trello board export (.json)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('Please choose a file to import.')).toBeVisible();

  await dialog.getByLabel('File').setInputFiles(zipPath);
  await dialog.getByLabel('Name').fill('Harbour ledger, imported');
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByText('1 card, 1 task, 1 chat, 1 message, 1 file, 3 statuses')).toBeVisible();
  await expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveCount(0);
  const openProject = dialog.getByRole('link', { name: 'Open project' });
  await expect(openProject).toBeFocused();
  await expectNoSevereViolations(page);

  await openProject.click();
  await expect(page).toHaveURL(/\/[0-9a-f-]{36}$/);
  const importedPath = new URL(page.url()).pathname;
  expect(importedPath).not.toBe(`/${project.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour ledger, imported' })).toBeVisible();
  await page.getByRole('list', { name: 'Cards' }).getByRole('link', { name: 'Mooring plan' }).click();
  await expect(page.getByRole('textbox', { name: 'Card body' })).toContainText('Berths 4 to 7 are ours.');
  await expect(page.getByRole('article', { name: 'Ezra Exporter' })).toContainText('Buoys arrive on Tuesday');
  await expect(page.getByRole('region', { name: 'Files' }).getByText('tide-table.txt')).toBeVisible();

  await page.goto(`${importedPath}/kanban`);
  await expect(tile(page, 'To do', 'Inspect the chains')).toBeVisible();
});

test('a file that is neither an export nor a Trello board is refused with the server’s reason', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'importer', 'Ida Importer');
  await signIn(page, owner);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a project' });
  await dialog.getByLabel('File').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Nothing to import here.\n'),
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(dialog.getByRole('alert')).not.toBeEmpty();
  // Still the form, with the file kept, to choose another.
  await expect(dialog.getByLabel('File')).toBeEnabled();
  await expect(dialog.getByRole('progressbar')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeFocused();
});

test('a member without the export ability sees no Export section', async ({ page, request }) => {
  const owner = await registerAccount(request, 'export-owner', 'Olu Owner');
  const member = await registerAccount(request, 'export-member', 'Mo Member');
  const project = await createProjectViaApi(request, owner, 'Closed books');
  await addMemberViaApi(request, owner, project.id, member.email, 'member');
  await signIn(page, member);
  await page.goto(`/${project.id}/settings`);
  await expect(page.getByRole('region', { name: 'Members' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Export' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export project' })).toHaveCount(0);
});
