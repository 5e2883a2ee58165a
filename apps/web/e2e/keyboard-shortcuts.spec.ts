import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createCardViaApi } from './support/cards';
import { createProjectViaApi, registerAccount, signIn } from './support/projects';

test('g shortcuts move between the areas of a project, c makes a card anywhere in it, / focuses the filter', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'shortcut-keys', 'Kit Keys');
  const project = await createProjectViaApi(request, owner, 'Keyboard only');

  await signIn(page, owner);
  await page.goto(`/${project.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Keyboard only' })).toBeVisible();

  await page.keyboard.press('g');
  await page.keyboard.press('k');
  await expect(page).toHaveURL(`/${project.id}/kanban`);
  await expect(page.getByRole('button', { name: 'Add column' })).toBeVisible();

  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Filter tasks' })).toBeFocused();
  await page.keyboard.type('gk');
  await expect(page.getByRole('searchbox', { name: 'Filter tasks' })).toHaveValue('gk');
  await expect(page).toHaveURL(new RegExp(`/${project.id}/kanban`));
  await page.getByRole('searchbox', { name: 'Filter tasks' }).fill('');
  await page.getByRole('heading', { level: 1, name: 'Keyboard only' }).click();

  await page.keyboard.press('g');
  await page.keyboard.press('m');
  await expect(page).toHaveURL(`/${project.id}/my-work`);

  // c on a page other than the cards list.
  await page.keyboard.press('c');
  const newCard = page.getByRole('dialog', { name: 'New card' });
  await expect(newCard.getByLabel('Card title')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(newCard).toHaveCount(0);

  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page).toHaveURL(`/${project.id}`);
  await expect(newCard).toHaveCount(0);

  // From the dashboard, the g shortcuts lead to the project visited last.
  await page.keyboard.press('g');
  await page.keyboard.press('d');
  await expect(page).toHaveURL('/dashboard');
  await page.keyboard.press('g');
  await page.keyboard.press('k');
  await expect(page).toHaveURL(`/${project.id}/kanban`);
});

test('? lists the keyboard shortcuts', async ({ page, request }) => {
  const owner = await registerAccount(request, 'shortcut-help', 'Hal Help');
  await signIn(page, owner);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

  await page.keyboard.press('?');
  const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(dialog).toBeVisible();
  for (const description of ['Search or jump to…', 'Go to Kanban', 'Go to My work', 'Go to Cards', 'New card']) {
    await expect(dialog.getByText(description, { exact: true })).toBeVisible();
  }
  await expect(dialog.getByRole('definition').filter({ hasText: 'Ctrl K' })).toHaveCount(1);
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(
    axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
  ).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('shortcuts do nothing while typing in the card body', async ({ page, request }) => {
  const owner = await registerAccount(request, 'shortcut-typist', 'Tess Typist');
  const project = await createProjectViaApi(request, owner, 'Quiet keys');
  const card = await createCardViaApi(request, owner, project.id, 'Draft');

  await signIn(page, owner);
  await page.goto(`/${project.id}/cards/${card.id}`);
  const body = page.getByRole('textbox', { name: 'Card body' });
  await expect(body).toHaveAttribute('contenteditable', 'true');
  await body.click();
  await page.keyboard.type('gk? gd c/');
  await expect(body).toContainText('gk? gd c/');
  await expect(page).toHaveURL(`/${project.id}/cards/${card.id}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
