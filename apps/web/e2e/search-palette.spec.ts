import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { chatsViaApi, createCardViaApi, createTaskViaApi, postMessageViaApi } from './support/cards';
import { solidPng, uploadViaApi } from './support/files';
import { createProjectViaApi, registerAccount, signIn } from './support/projects';
import { openPaletteWithShortcut, palette, waitForResult } from './support/search';

async function expectNoSevereViolationsIn(page: Page, selector: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(selector).analyze();
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target) }));
  expect(severe).toEqual([]);
}

test('Ctrl K finds a message in another project and opens its chat with the message marked', async ({
  page,
  request,
}) => {
  // Sixty messages set up through the API, and a chat paged back to the one found.
  test.slow();
  const owner = await registerAccount(request, 'palette-message', 'Mira Finder');
  const here = await createProjectViaApi(request, owner, 'Lighthouse');
  const there = await createProjectViaApi(request, owner, 'Harbour ops');
  const card = await createCardViaApi(request, owner, there.id, 'Night shift');
  const [general] = await chatsViaApi(request, owner, card.id);
  if (!general) throw new Error('a new card has a General chat');
  await postMessageViaApi(request, owner, general.id, 'The quokka migration starts at dawn');
  // More than a page of newer messages: the chat opens far from the one found and has to load older ones.
  for (let i = 1; i <= 60; i += 1) await postMessageViaApi(request, owner, general.id, `Routine check ${i}`);
  const messageId = await waitForResult(request, owner, 'quokka', 'message');

  await signIn(page, owner);
  await page.goto(`/${here.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Lighthouse' })).toBeVisible();
  const { dialog, field } = await openPaletteWithShortcut(page);
  await field.fill('quokka');
  await expect(dialog.getByText('Messages', { exact: true })).toBeVisible();
  const option = dialog.getByRole('group', { name: 'Messages' }).getByRole('option', { name: /quokka migration/ });
  await expect(option).toContainText('Harbour ops · Night shift');
  await expect(option.locator('mark')).toHaveText(['quokka']);
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(field).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? 'missing');
  await expectNoSevereViolationsIn(page, '[role="dialog"]');

  await field.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(`/${there.id}/cards/${card.id}/chats/${general.id}`);
  const message = page.locator(`#message-${messageId}`);
  await expect(message).toHaveAttribute('data-highlighted', 'true');
  await expect(message).toContainText('The quokka migration starts at dawn');
  await expect(message).toBeInViewport();
});

test('actions run from the palette, and the last query is there when it opens again', async ({ page, request }) => {
  const owner = await registerAccount(request, 'palette-actions', 'Theo Switcher');
  const project = await createProjectViaApi(request, owner, 'Night mode');

  await signIn(page, owner);
  await page.goto(`/${project.id}`);
  const searchButton = page.getByRole('banner').getByRole('button', { name: 'Search' });
  await expect(searchButton).toContainText('Ctrl K');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  await searchButton.click();
  const { dialog, field } = palette(page);
  await field.fill('theme');
  const actions = dialog.getByRole('group', { name: 'Actions' });
  await expect(actions.getByRole('option')).toHaveText([/Switch theme/]);
  await field.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(searchButton).toBeFocused();

  await page.keyboard.press('ControlOrMeta+K');
  await expect(field).toHaveValue('theme');
  await field.fill('my work');
  await actions.getByRole('option', { name: /Go to My work/ }).click();
  await expect(page).toHaveURL(`/${project.id}/my-work`);

  // New card opens the new-card dialog of the project open.
  await page.keyboard.press('ControlOrMeta+K');
  await field.fill('new card');
  await field.press('Enter');
  const newCard = page.getByRole('dialog', { name: 'New card' });
  await expect(newCard.getByLabel('Card title')).toBeFocused();
  await newCard.getByLabel('Card title').fill('Made from the palette');
  await newCard.getByRole('button', { name: 'Create card' }).click();
  // The dialog's own field is named Card title too: the card's page is there once the dialog is gone (Ctrl K pressed
  // while it is still open is the dialog's, by design).
  await expect(newCard).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('textbox', { name: 'Card title' })).toHaveValue(
    'Made from the palette',
  );

  // New task, on that card's page: the card is chosen, an empty title is refused, and the task joins the card.
  await page.keyboard.press('ControlOrMeta+K');
  await field.fill('new task');
  await field.press('Enter');
  const newTask = page.getByRole('dialog', { name: 'New task' });
  await expect(newTask.getByLabel('Card')).toHaveValue(/.+/);
  await newTask.getByRole('button', { name: 'Create task' }).click();
  await expect(newTask.getByText('Please give the task a title.')).toBeVisible();
  await newTask.getByLabel('Task title').fill('Task from the palette');
  await newTask.getByRole('button', { name: 'Create task' }).click();
  await expect(newTask).toHaveCount(0);
  await expect(page.getByText('Task added.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Tasks' }).getByRole('checkbox', { name: 'Task from the palette' }),
  ).toBeVisible();
});

test('projects jump by name, filters complete their values, and a bad query says why', async ({ page, request }) => {
  const owner = await registerAccount(request, 'palette-filters', 'Fay Filter');
  const website = await createProjectViaApi(request, owner, 'Website redesign');
  const other = await createProjectViaApi(request, owner, 'Warehouse');
  const wanted = await createCardViaApi(request, owner, website.id, 'Pelican deploy checklist');
  await createCardViaApi(request, owner, other.id, 'Pelican deploy notes');
  await waitForResult(request, owner, 'pelican', 'card');

  await signIn(page, owner);
  const { dialog, field } = await openPaletteWithShortcut(page);
  await field.fill('pelican in:web');
  const suggestion = dialog.getByRole('group', { name: 'Suggestions' }).getByRole('option');
  await expect(suggestion).toHaveText([/in:"Website redesign"/]);
  await field.press('Enter');
  await expect(field).toHaveValue('pelican in:"Website redesign" ');
  await expect(field).toBeFocused();
  const cards = dialog.getByRole('group', { name: 'Cards' }).getByRole('option');
  await expect(cards).toHaveText([/Pelican deploy checklist/]);

  await field.fill('type:banana');
  await expect(dialog).toContainText('“type:banana” is not a type');
  await field.fill('zzqx');
  await expect(dialog).toContainText('No results for “zzqx”');

  await field.fill('wareh');
  await dialog
    .getByRole('group', { name: 'Projects' })
    .getByRole('option', { name: /Warehouse/ })
    .click();
  await expect(page).toHaveURL(`/${other.id}`);

  await page.keyboard.press('ControlOrMeta+K');
  await field.fill('pelican checklist');
  await field.press('ArrowDown');
  await field.press('ArrowUp');
  await expect(dialog.getByRole('option', { name: /Pelican deploy checklist/ })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await field.press('Enter');
  await expect(page).toHaveURL(`/${website.id}/cards/${wanted.id}`);
});

test('a task result opens the task in the board’s drawer, a file result opens its preview', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'palette-targets', 'Tara Target');
  const project = await createProjectViaApi(request, owner, 'Navigation');
  const card = await createCardViaApi(request, owner, project.id, 'Charts');
  const task = await createTaskViaApi(request, owner, card.id, {
    title: 'Calibrate the sextant',
    labels: ['bridge', 'sextant'],
  });
  await uploadViaApi(request, owner, project.id, {
    name: 'harbour.png',
    buffer: solidPng(40, 30, [20, 120, 200]),
    mimeType: 'image/png',
    cardId: card.id,
  });
  const notes = await uploadViaApi(request, owner, project.id, {
    name: 'tides.txt',
    buffer: Buffer.from('High water at noon\n'),
    mimeType: 'text/plain',
    cardId: card.id,
  });
  await waitForResult(request, owner, 'sextant', 'task');
  await waitForResult(request, owner, 'harbour', 'file');
  await waitForResult(request, owner, 'tides', 'file');

  await signIn(page, owner);
  const { dialog, field } = await openPaletteWithShortcut(page);
  await field.fill('sextant');
  const taskOption = dialog
    .getByRole('group', { name: 'Tasks' })
    .getByRole('option', { name: /Calibrate the sextant/ });
  // The title once, its word marked in it; the labels below it, marked where they match too.
  await expect(taskOption).toHaveText('Calibrate the sextantbridge, sextantNavigation · Charts');
  await expect(taskOption.locator('mark')).toHaveText(['sextant', 'sextant']);
  await taskOption.click();
  await expect(page).toHaveURL(`/${project.id}/kanban?task=${task.id}`);
  const drawer = page.getByRole('dialog', { name: 'Calibrate the sextant' });
  await expect(drawer.getByLabel('Priority')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(page).toHaveURL(`/${project.id}/kanban`);

  await page.keyboard.press('ControlOrMeta+K');
  await field.fill('harbour');
  await dialog
    .getByRole('group', { name: 'Files' })
    .getByRole('option', { name: /harbour\.png/ })
    .click();
  await expect(page).toHaveURL(`/${project.id}/cards/${card.id}`);
  const preview = page.getByRole('dialog', { name: 'harbour.png' });
  await expect(preview.getByRole('img', { name: 'harbour.png' })).toBeVisible();
  await expect(preview.getByRole('img', { name: 'harbour.png' })).toHaveAttribute('src', /.+/);
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);

  await page.keyboard.press('ControlOrMeta+K');
  await field.fill('tides');
  await dialog
    .getByRole('group', { name: 'Files' })
    .getByRole('option', { name: /tides\.txt/ })
    .click();
  await expect(page).toHaveURL(`/${project.id}/cards/${card.id}?file=${notes.id}`);
  const details = page.getByRole('dialog', { name: 'tides.txt' });
  await expect(details.getByRole('link', { name: 'Download' })).toBeVisible();
});
