import { expect, test } from '@playwright/test';
import { column, tile } from './support/board';
import { createCardViaApi, createTaskViaApi } from './support/cards';
import { createProjectViaApi, registerAccount, signIn } from './support/projects';

test('an admin deletes a column and chooses where its tasks go; Add column starts empty each time', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'column-owner', 'Col Owner');
  const project = await createProjectViaApi(request, owner, 'Column board');
  const card = await createCardViaApi(request, owner, project.id, 'Backlog');
  await createTaskViaApi(request, owner, card.id, { title: 'Alpha' });
  await createTaskViaApi(request, owner, card.id, { title: 'Beta' });

  await signIn(page, owner);
  await page.goto(`/${project.id}/kanban`);
  await page.getByRole('button', { name: 'Add column' }).click();
  const adding = page.getByRole('dialog', { name: 'Add column' });
  await adding.getByLabel('Column name').fill('Review');
  await adding.getByRole('button', { name: 'Add column' }).click();
  await expect(column(page, 'Review')).toBeVisible();
  await page.getByRole('button', { name: 'Add column' }).click();
  await expect(adding.getByLabel('Column name')).toHaveValue('');
  await adding.getByRole('button', { name: 'Cancel' }).click();

  await column(page, 'To do').getByRole('button', { name: 'Column actions for To do' }).click();
  await page.getByRole('menuitem', { name: 'Delete column' }).click();
  const deleting = page.getByRole('dialog', { name: 'Delete To do?' });
  await deleting.getByLabel('Move its 2 tasks to').selectOption({ label: 'Review' });
  await deleting.getByRole('button', { name: 'Delete column' }).click();
  await expect(column(page, 'To do')).toHaveCount(0);
  await expect(tile(page, 'Review', 'Alpha')).toBeVisible();

  await page.reload();
  await expect(column(page, 'Review').getByRole('listitem')).toHaveText([/Alpha/, /Beta/]);
  await expect(column(page, 'To do')).toHaveCount(0);
});
