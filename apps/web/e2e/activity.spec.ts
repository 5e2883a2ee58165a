import { expect, type Page, test } from '@playwright/test';
import { tile } from './support/board';
import { createCardViaApi, createTaskViaApi, updateTaskViaApi } from './support/cards';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

function activity(page: Page) {
  return page.getByRole('region', { name: 'Activity', exact: true });
}

test('a task moved on the board shows in the Activity of its card, open elsewhere, without a reload', async ({
  page,
  request,
  browser,
}) => {
  const ann = await registerAccount(request, 'activity-ann', 'Ann Archer');
  const bob = await registerAccount(request, 'activity-bob', 'Bob Baker');
  const project = await createProjectViaApi(request, ann, 'Launch site');
  await addMemberViaApi(request, ann, project.id, bob.email, 'member');
  const card = await createCardViaApi(request, ann, project.id, 'Landing page');
  await createTaskViaApi(request, ann, card.id, { title: 'Write hero headline' });

  const bobContext = await browser.newContext();
  const bobPage = await bobContext.newPage();
  await signIn(bobPage, bob);
  await bobPage.goto(`/${project.id}/cards/${card.id}`);
  await expect(activity(bobPage).getByRole('listitem').first()).toContainText(
    'Ann Archer created the task Write hero headline',
  );

  await signIn(page, ann);
  await page.goto(`/${project.id}/kanban`);
  await tile(page, 'To do', 'Write hero headline').getByRole('button', { name: 'Task actions' }).click();
  await page.getByRole('menuitem', { name: 'Move to' }).press('ArrowRight');
  await page.getByRole('menuitem', { name: 'In progress' }).press('Enter');
  await expect(tile(page, 'In progress', 'Write hero headline')).toBeVisible();

  const newest = activity(bobPage).getByRole('listitem').first();
  await expect(newest).toContainText('Ann Archer moved Write hero headline from To do to In progress');
  await expect(newest).toContainText('just now');
  await expect(activity(bobPage).getByRole('listitem').last()).toContainText('Ann Archer created the card');
  await bobContext.close();
});

test('older activity loads as the end of the list scrolls into view', async ({ page, request }) => {
  const owner = await registerAccount(request, 'activity-scroll', 'Sam Scroller');
  const project = await createProjectViaApi(request, owner, 'Long history');
  const card = await createCardViaApi(request, owner, project.id, 'Busy card');
  const task = await createTaskViaApi(request, owner, card.id, { title: 'Name 0' });
  for (let i = 1; i <= 55; i += 1) await updateTaskViaApi(request, owner, task.id, { title: `Name ${i}` });

  await signIn(page, owner);
  await page.goto(`/${project.id}/cards/${card.id}`);
  const entries = activity(page).getByRole('listitem');
  await expect(entries).toHaveCount(50);
  await expect(entries.first()).toContainText('Sam Scroller renamed the task Name 54 to Name 55');
  await activity(page).getByRole('button', { name: 'Load older' }).scrollIntoViewIfNeeded();
  // 55 renames, the task's creation and the card's (its General chat comes with it unsaid).
  await expect(entries).toHaveCount(57);
  await expect(entries.last()).toContainText('Sam Scroller created the card');
  await expect(activity(page).getByRole('button', { name: 'Load older' })).toHaveCount(0);
});
