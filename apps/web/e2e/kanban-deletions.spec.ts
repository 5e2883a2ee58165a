import { expect, test } from '@playwright/test';
import { tile } from './support/board';
import { createCardViaApi, createTaskViaApi } from './support/cards';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

test('a task or a card deleted by one member leaves the other’s open board, and stays gone after a reload', async ({
  page,
  request,
  browser,
}) => {
  const owner = await registerAccount(request, 'deleter', 'Dee Deleter');
  const member = await registerAccount(request, 'onlooker', 'Otis Onlooker');
  const project = await createProjectViaApi(request, owner, 'Pruned board');
  await addMemberViaApi(request, owner, project.id, member.email, 'member');
  const card = await createCardViaApi(request, owner, project.id, 'Launch');
  for (const title of ['Draft copy', 'Pick a date', 'Book the room']) {
    await createTaskViaApi(request, owner, card.id, { title });
  }
  const other = await createCardViaApi(request, owner, project.id, 'Side quest');
  await createTaskViaApi(request, owner, other.id, { title: 'Find the map' });

  const memberContext = await browser.newContext();
  const board = await memberContext.newPage();
  await signIn(board, member);
  await board.goto(`/${project.id}/kanban`);
  for (const title of ['Draft copy', 'Pick a date', 'Book the room', 'Find the map']) {
    await expect(tile(board, 'To do', title)).toBeVisible();
  }

  await signIn(page, owner);
  await page.goto(`/${project.id}/kanban`);
  await tile(page, 'To do', 'Pick a date').getByRole('button', { name: 'Task actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this task?' }).getByRole('button', { name: 'Delete task' }).click();
  await expect(tile(page, 'To do', 'Pick a date')).toHaveCount(0);
  await expect(tile(board, 'To do', 'Pick a date')).toHaveCount(0);

  await page.goto(`/${project.id}/cards/${other.id}`);
  await page.getByRole('button', { name: 'Card actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete this card?' }).getByRole('button', { name: 'Delete card' }).click();
  await expect(tile(board, 'To do', 'Find the map')).toHaveCount(0);

  await board.reload();
  await expect(tile(board, 'To do', 'Draft copy')).toBeVisible();
  await expect(tile(board, 'To do', 'Book the room')).toBeVisible();
  await expect(board.getByRole('region', { name: 'To do', exact: true }).getByRole('listitem')).toHaveCount(2);
  await memberContext.close();
});
