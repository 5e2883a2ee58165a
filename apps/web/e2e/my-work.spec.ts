import { expect, test } from '@playwright/test';
import { createCardViaApi, createTaskViaApi } from './support/cards';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

/**
 * The page's clock for the grouping test: now, or 20:00 today when it is later, so that a task due at 23:00 today is
 * in Today whenever the test runs. Never later than the real time: a clock ahead of the server's would take the
 * session's ID token for expired.
 */
function groupingClock(): Date {
  const now = new Date();
  const evening = new Date(now);
  evening.setHours(20, 0, 0, 0);
  return now < evening ? now : evening;
}

function inDays(from: Date, days: number, hour = 12): string {
  const date = new Date(from);
  date.setDate(date.getDate() + days);
  date.setHours(hour, 0, 0, 0);
  return date.toISOString();
}

test('My work groups my open tasks by due date; All projects adds the other projects', async ({ page, request }) => {
  const me = await registerAccount(request, 'worker', 'Wes Worker');
  const boss = await registerAccount(request, 'assigner', 'Ari Assigner');
  const project = await createProjectViaApi(request, boss, 'Workshop');
  await addMemberViaApi(request, boss, project.id, me.email, 'member');
  const card = await createCardViaApi(request, boss, project.id, 'Jobs');
  const mine = [me.userId];
  const clock = groupingClock();
  const due = (days: number, hour?: number) => inDays(clock, days, hour);
  await createTaskViaApi(request, boss, card.id, { title: 'Late job', assignee_ids: mine, due_at: due(-2) });
  await createTaskViaApi(request, boss, card.id, { title: 'Tonight job', assignee_ids: mine, due_at: due(0, 23) });
  await createTaskViaApi(request, boss, card.id, { title: 'Soon job', assignee_ids: mine, due_at: due(3) });
  await createTaskViaApi(request, boss, card.id, { title: 'Far job', assignee_ids: mine, due_at: due(40) });
  await createTaskViaApi(request, boss, card.id, { title: 'Whenever job', assignee_ids: mine });
  await createTaskViaApi(request, boss, card.id, { title: 'Not mine', assignee_ids: [boss.userId] });
  const side = await createProjectViaApi(request, me, 'Side hustle');
  const sideCard = await createCardViaApi(request, me, side.id, 'Side card');
  await createTaskViaApi(request, me, sideCard.id, { title: 'Side job', assignee_ids: mine });

  await page.clock.setFixedTime(clock);
  await signIn(page, me);
  await page.goto(`/${project.id}/my-work`);
  await expect(page.getByRole('heading', { name: 'My work' })).toBeVisible();
  const groups = page.getByRole('region');
  for (const [group, title] of [
    ['Overdue', 'Late job'],
    ['Today', 'Tonight job'],
    ['This week', 'Soon job'],
    ['Later', 'Far job'],
    ['No date', 'Whenever job'],
  ] as const) {
    await expect(page.getByRole('region', { name: group, exact: true })).toContainText(title);
  }
  await expect(groups.filter({ has: page.getByRole('heading', { name: 'Today', exact: true }) })).toContainText(
    '1 task',
  );
  await expect(page.getByText('Not mine')).toHaveCount(0);
  await expect(page.getByText('Side job')).toHaveCount(0);

  await page.getByRole('switch', { name: 'All projects' }).click();
  await expect(page.getByRole('switch', { name: 'All projects' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('Side job')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Side job' })).toContainText('Side hustle');
});

test('a task completed on the card page leaves My work', async ({ page, request }) => {
  const me = await registerAccount(request, 'completer', 'Cleo Completer');
  const project = await createProjectViaApi(request, me, 'Checklist');
  const card = await createCardViaApi(request, me, project.id, 'Things to do');

  await signIn(page, me);
  await page.goto(`/${project.id}/cards/${card.id}`);
  const tasks = page.getByRole('region', { name: 'Tasks' });
  await tasks.getByRole('textbox', { name: 'New task' }).fill('Ship it');
  await tasks.getByRole('textbox', { name: 'New task' }).press('Enter');
  await expect(tasks.getByRole('checkbox', { name: 'Ship it' })).not.toBeChecked();
  await expect(tasks.getByRole('textbox', { name: 'New task' })).toHaveValue('');

  // Assigned to me from the board's drawer, so it is in My work.
  await page.goto(`/${project.id}/kanban`);
  await page.getByRole('button', { name: 'Ship it' }).click();
  await page.getByRole('dialog', { name: 'Ship it' }).getByRole('checkbox', { name: 'Cleo Completer' }).check();
  await page.getByRole('dialog', { name: 'Ship it' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog', { name: 'Ship it' })).toHaveCount(0);
  await page.goto(`/${project.id}/my-work`);
  await expect(page.getByRole('region', { name: 'No date', exact: true })).toContainText('Ship it');
  // The other groups are empty, so they are not there at all.
  for (const group of ['Overdue', 'Today', 'This week', 'Later']) {
    await expect(page.getByRole('heading', { name: group, exact: true })).toHaveCount(0);
  }

  await page.goto(`/${project.id}/cards/${card.id}`);
  await tasks.getByRole('checkbox', { name: 'Ship it' }).check();
  await expect(tasks.getByRole('checkbox', { name: 'Ship it' })).toBeChecked();
  await page.goto(`/${project.id}/my-work`);
  await expect(page.getByText('Nothing assigned to you')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Ship it' })).toHaveCount(0);
});

test('a viewer sees the tasks assigned to them without a checkbox to complete them', async ({ page, request }) => {
  const owner = await registerAccount(request, 'work-owner', 'Olga Owner');
  const viewer = await registerAccount(request, 'work-viewer', 'Vic Viewer');
  const project = await createProjectViaApi(request, owner, 'Look only');
  await addMemberViaApi(request, owner, project.id, viewer.email, 'viewer');
  const card = await createCardViaApi(request, owner, project.id, 'Watched');
  await createTaskViaApi(request, owner, card.id, { title: 'Watch this', assignee_ids: [viewer.userId] });

  await signIn(page, viewer);
  await page.goto(`/${project.id}/my-work`);
  await expect(page.getByRole('checkbox', { name: 'Watch this' })).toBeDisabled();
  await page.getByRole('switch', { name: 'All projects' }).click();
  await expect(page.getByRole('checkbox', { name: 'Watch this' })).toBeDisabled();
});
