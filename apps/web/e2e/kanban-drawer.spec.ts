import { expect, test } from '@playwright/test';
import { tile } from './support/board';
import { createCardViaApi, createTaskViaApi, moveTaskViaApi, statusesViaApi, updateTaskViaApi } from './support/cards';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

test('saving the task drawer keeps what someone else changed while it was open', async ({ page, request }) => {
  const owner = await registerAccount(request, 'drawer-owner', 'Dora Drawer');
  const other = await registerAccount(request, 'drawer-other', 'Otto Other');
  const project = await createProjectViaApi(request, owner, 'Shared board');
  await addMemberViaApi(request, owner, project.id, other.email, 'member');
  const card = await createCardViaApi(request, owner, project.id, 'Common ground');
  const task = await createTaskViaApi(request, owner, card.id, { title: 'Shared task' });
  const statuses = await statusesViaApi(request, owner, project.id);

  await signIn(page, owner);
  await page.goto(`/${project.id}/kanban`);
  await tile(page, 'To do', 'Shared task').getByRole('button', { name: 'Shared task' }).click();
  const drawer = page.getByRole('dialog', { name: 'Shared task' });
  await expect(drawer.getByLabel('Priority')).toHaveValue('none');

  // The board behind the open drawer is hidden from the accessibility tree: its answer shows it followed them.
  const followed = page.waitForResponse(
    async (answer) =>
      answer.url().endsWith(`/projects/${project.id}/board`) && (await answer.text()).includes('theirs'),
  );
  await moveTaskViaApi(request, other, task.id, statuses[2]?.id ?? '');
  await updateTaskViaApi(request, other, task.id, { labels: ['theirs'] });
  await followed;

  await drawer.getByLabel('Priority').selectOption('high');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toHaveCount(0);
  await page.reload();
  await expect(tile(page, 'Done', 'Shared task')).toContainText('High');
  await expect(tile(page, 'Done', 'Shared task')).toContainText('theirs');
});
