import { expect, test } from '@playwright/test';
import { tile } from './support/board';
import { createCardViaApi, createTaskViaApi, updateTaskViaApi } from './support/cards';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

test('the task drawer’s Activity lists who assigned the task to whom', async ({ page, request }) => {
  const ann = await registerAccount(request, 'drawer-activity-ann', 'Ann Archer');
  const bob = await registerAccount(request, 'drawer-activity-bob', 'Bob Baker');
  const cleo = await registerAccount(request, 'drawer-activity-cleo', 'Cleo Chen');
  const project = await createProjectViaApi(request, ann, 'Launch site');
  await addMemberViaApi(request, ann, project.id, bob.email, 'member');
  await addMemberViaApi(request, ann, project.id, cleo.email, 'member');
  const card = await createCardViaApi(request, ann, project.id, 'Landing page');
  const task = await createTaskViaApi(request, ann, card.id, { title: 'Write hero headline' });
  await createTaskViaApi(request, ann, card.id, { title: 'Pick a photo' });

  await signIn(page, ann);
  await page.goto(`/${project.id}/kanban`);
  await tile(page, 'To do', 'Write hero headline').getByRole('button', { name: 'Write hero headline' }).click();
  const drawer = page.getByRole('dialog', { name: 'Write hero headline' });
  const activity = drawer.getByRole('region', { name: 'Activity', exact: true });
  await expect(activity.getByRole('listitem')).toHaveText([/Ann Archer created the task Write hero headline/]);

  // Bob assigns Cleo while the drawer is open: the entry arrives live, and only this task's entries are listed.
  await updateTaskViaApi(request, bob, task.id, { assignee_ids: [cleo.userId] });
  await expect(activity.getByRole('listitem')).toHaveText([
    /Bob Baker assigned Write hero headline to Cleo Chen/,
    /Ann Archer created the task Write hero headline/,
  ]);

  // Opened again, the drawer starts from the task as it is now (with Cleo), so saving keeps her assigned.
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);
  await tile(page, 'To do', 'Write hero headline').getByRole('button', { name: 'Write hero headline' }).click();
  await expect(drawer.getByRole('checkbox', { name: 'Cleo Chen' })).toBeChecked();
  await drawer.getByRole('checkbox', { name: 'Ann Archer' }).check();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toHaveCount(0);
  await tile(page, 'To do', 'Write hero headline').getByRole('button', { name: 'Write hero headline' }).click();
  await expect(activity.getByRole('listitem')).toHaveText([
    /Ann Archer assigned Write hero headline to Ann Archer/,
    /Bob Baker assigned Write hero headline to Cleo Chen/,
    /Ann Archer created the task Write hero headline/,
  ]);
});
