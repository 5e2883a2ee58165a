import { expect, test } from '@playwright/test';
import { column, showBoard, tile } from './support/board';
import { createCardViaApi, createTaskViaApi, moveTaskViaApi, statusesViaApi } from './support/cards';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

test('a task dragged to another column stays there after a reload', async ({ page, request }) => {
  const owner = await registerAccount(request, 'dragger', 'Drew Dragger');
  const project = await createProjectViaApi(request, owner, 'Drag board');
  const card = await createCardViaApi(request, owner, project.id, 'Moving parts');
  await createTaskViaApi(request, owner, card.id, { title: 'Drag me' });
  await createTaskViaApi(request, owner, card.id, { title: 'Stay here' });

  await signIn(page, owner);
  await page.goto(`/${project.id}/kanban`);
  await expect(tile(page, 'To do', 'Drag me')).toBeVisible();
  await showBoard(page);
  await tile(page, 'To do', 'Drag me').dragTo(column(page, 'In progress'));
  await expect(tile(page, 'In progress', 'Drag me')).toBeVisible();
  await expect(tile(page, 'To do', 'Drag me')).toHaveCount(0);

  await page.reload();
  await expect(tile(page, 'In progress', 'Drag me')).toBeVisible();
  await expect(tile(page, 'To do', 'Stay here')).toBeVisible();
});

test('a task is dropped above another to reorder a column', async ({ page, request }) => {
  const owner = await registerAccount(request, 'reorderer', 'Rory Reorder');
  const project = await createProjectViaApi(request, owner, 'Order board');
  const card = await createCardViaApi(request, owner, project.id, 'Sequence');
  await createTaskViaApi(request, owner, card.id, { title: 'First' });
  await createTaskViaApi(request, owner, card.id, { title: 'Second' });
  await createTaskViaApi(request, owner, card.id, { title: 'Third' });

  await signIn(page, owner);
  await page.goto(`/${project.id}/kanban`);
  const todo = column(page, 'To do').getByRole('listitem');
  await expect(todo).toHaveText([/First/, /Second/, /Third/]);
  await showBoard(page);
  await tile(page, 'To do', 'Third').dragTo(tile(page, 'To do', 'First'), { targetPosition: { x: 40, y: 5 } });
  await expect(todo).toHaveText([/Third/, /First/, /Second/]);
  await page.reload();
  await expect(todo).toHaveText([/Third/, /First/, /Second/]);
});

test('a task dropped back where it was stays there and sends no move', async ({ page, request }) => {
  const owner = await registerAccount(request, 'hesitant', 'Hal Hesitant');
  const project = await createProjectViaApi(request, owner, 'Second thoughts');
  const card = await createCardViaApi(request, owner, project.id, 'Undecided');
  await createTaskViaApi(request, owner, card.id, { title: 'Picked up' });
  await createTaskViaApi(request, owner, card.id, { title: 'Left alone' });

  await signIn(page, owner);
  await page.goto(`/${project.id}/kanban`);
  const toDo = column(page, 'To do').getByRole('listitem');
  await expect(toDo).toHaveText([/Picked up/, /Left alone/]);
  const moves: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/move')) moves.push(sent.url());
  });
  await showBoard(page);
  await tile(page, 'To do', 'Picked up').dragTo(tile(page, 'To do', 'Picked up'), { targetPosition: { x: 40, y: 8 } });

  // A move made afterwards, waited for: a move of the dropped task would have been sent before it.
  await tile(page, 'To do', 'Left alone').getByRole('button', { name: 'Task actions' }).click();
  await page.getByRole('menuitem', { name: 'Move to' }).press('ArrowRight');
  const answered = page.waitForResponse((answer) => answer.url().endsWith('/move'));
  await page.getByRole('menuitem', { name: 'Done' }).press('Enter');
  await answered;
  expect(moves).toHaveLength(1);
  await page.reload();
  await expect(toDo).toHaveText([/Picked up/]);
  await expect(tile(page, 'Done', 'Left alone')).toBeVisible();
});

test('Task actions › Move to moves a task with the keyboard', async ({ page, request }) => {
  const owner = await registerAccount(request, 'keyboarder', 'Kay Board');
  const project = await createProjectViaApi(request, owner, 'Keys board');
  const card = await createCardViaApi(request, owner, project.id, 'Keys');
  await createTaskViaApi(request, owner, card.id, { title: 'By keyboard' });

  await signIn(page, owner);
  await page.goto(`/${project.id}/kanban`);
  await tile(page, 'To do', 'By keyboard').getByRole('button', { name: 'Task actions' }).click();
  await page.getByRole('menuitem', { name: 'Move to' }).press('ArrowRight');
  await page.getByRole('menuitem', { name: 'Done' }).press('Enter');
  await expect(tile(page, 'Done', 'By keyboard')).toBeVisible();
  await expect(column(page, 'Done')).toContainText('1');
  // The keyboard goes on from the task in its new column, not from the top of the page.
  const moved = tile(page, 'Done', 'By keyboard').getByRole('button', { name: 'Task actions' });
  await expect(moved).toBeFocused();
  await moved.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Move to' })).toBeVisible();
});

test('Task actions › Move up and Move down reorder a column with the keyboard', async ({ page, request }) => {
  const owner = await registerAccount(request, 'key-sorter', 'Kit Sorter');
  const project = await createProjectViaApi(request, owner, 'Sorted by keys');
  const card = await createCardViaApi(request, owner, project.id, 'Queue');
  for (const title of ['First', 'Second', 'Third']) await createTaskViaApi(request, owner, card.id, { title });

  await signIn(page, owner);
  await page.goto(`/${project.id}/kanban`);
  const toDo = column(page, 'To do').getByRole('listitem');
  await expect(toDo).toHaveText([/First/, /Second/, /Third/]);
  const actions = tile(page, 'To do', 'Third').getByRole('button', { name: 'Task actions' });
  await actions.focus();
  await actions.press('Enter');
  await page.getByRole('menuitem', { name: 'Move up' }).press('Enter');
  await expect(toDo).toHaveText([/First/, /Third/, /Second/]);
  await expect(actions).toBeFocused();
  await tile(page, 'To do', 'First').getByRole('button', { name: 'Task actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Move up' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Move down' }).press('Enter');
  await expect(toDo).toHaveText([/Third/, /First/, /Second/]);
  await page.reload();
  await expect(toDo).toHaveText([/Third/, /First/, /Second/]);
});

test('another member’s move appears on an open board without a reload', async ({ page, request }) => {
  const owner = await registerAccount(request, 'mover', 'Mo Mover');
  const watcher = await registerAccount(request, 'board-watcher', 'Wanda Watcher');
  const project = await createProjectViaApi(request, owner, 'Live board');
  await addMemberViaApi(request, owner, project.id, watcher.email, 'member');
  const card = await createCardViaApi(request, owner, project.id, 'Remote control');
  const task = await createTaskViaApi(request, owner, card.id, { title: 'Moved elsewhere' });
  const statuses = await statusesViaApi(request, owner, project.id);

  await signIn(page, watcher);
  await page.goto(`/${project.id}/kanban`);
  await expect(tile(page, 'To do', 'Moved elsewhere')).toBeVisible();
  await moveTaskViaApi(request, owner, task.id, statuses[2]?.id ?? '');
  await expect(tile(page, 'Done', 'Moved elsewhere')).toBeVisible();
  await expect(tile(page, 'To do', 'Moved elsewhere')).toHaveCount(0);
});

test('Add task asks for a title and a card; a task opens in a drawer to edit; filters live in the URL', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'adder', 'Addie Adder');
  const project = await createProjectViaApi(request, owner, 'Adding board');
  await createCardViaApi(request, owner, project.id, 'Home card');

  await signIn(page, owner);
  await page.goto(`/${project.id}/kanban`);
  await column(page, 'In progress').getByRole('button', { name: 'Add task' }).click();
  await column(page, 'In progress').getByLabel('Task title').fill('Fresh task');
  await expect(column(page, 'In progress').getByLabel('Card')).toHaveValue(/.+/);
  await column(page, 'In progress').getByRole('button', { name: 'Add task' }).click();
  await expect(tile(page, 'In progress', 'Fresh task')).toBeVisible();
  await expect(tile(page, 'In progress', 'Fresh task')).toContainText('Home card');

  await tile(page, 'In progress', 'Fresh task').getByRole('button', { name: 'Fresh task' }).click();
  const drawer = page.getByRole('dialog', { name: 'Fresh task' });
  await drawer.getByLabel('Priority').selectOption('urgent');
  await drawer.getByLabel('Labels').fill('backend, docs');
  await drawer.getByRole('checkbox', { name: 'Addie Adder' }).check();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(tile(page, 'In progress', 'Fresh task')).toContainText('Urgent');
  await expect(tile(page, 'In progress', 'Fresh task')).toContainText('backend');

  await page.getByLabel('Label').selectOption('docs');
  await expect(page).toHaveURL(/label=docs/);
  await page.getByLabel('Filter tasks').fill('nothing matches this');
  await expect(tile(page, 'In progress', 'Fresh task')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(tile(page, 'In progress', 'Fresh task')).toBeVisible();
});

test('a column over its WIP limit turns to a warning; admins add columns, members do not see the controls', async ({
  page,
  request,
  browser,
}) => {
  const owner = await registerAccount(request, 'wip-owner', 'Will Owner');
  const member = await registerAccount(request, 'wip-member', 'Meg Member');
  const project = await createProjectViaApi(request, owner, 'WIP board');
  await addMemberViaApi(request, owner, project.id, member.email, 'member');
  const card = await createCardViaApi(request, owner, project.id, 'Work');
  await createTaskViaApi(request, owner, card.id, { title: 'One' });
  await createTaskViaApi(request, owner, card.id, { title: 'Two' });

  await signIn(page, owner);
  await page.goto(`/${project.id}/kanban`);
  await column(page, 'To do').getByRole('button', { name: 'Column actions for To do' }).click();
  await page.getByRole('menuitem', { name: 'Edit column' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit To do' });
  await dialog.getByLabel('WIP limit').fill('1');
  await dialog.getByRole('button', { name: 'Save column' }).click();
  await expect(column(page, 'To do')).toContainText('2 / 1');
  await expect(column(page, 'To do')).toContainText('over the work-in-progress limit');

  await page.getByRole('button', { name: 'Add column' }).click();
  const adding = page.getByRole('dialog', { name: 'Add column' });
  await adding.getByLabel('Column name').fill('Review');
  await adding.getByRole('button', { name: 'Add column' }).click();
  await expect(column(page, 'Review')).toBeVisible();

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member);
  await memberPage.goto(`/${project.id}/kanban`);
  await expect(column(memberPage, 'Review')).toBeVisible();
  await expect(memberPage.getByRole('button', { name: 'Add column' })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: /Column actions/ })).toHaveCount(0);
  await memberContext.close();
});

test('a click anywhere on a tile opens its task, while its avatars still name their people', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'tile-clicker', 'Tilda Click');
  const project = await createProjectViaApi(request, owner, 'Whole tiles');
  const card = await createCardViaApi(request, owner, project.id, 'The card line');
  await createTaskViaApi(request, owner, card.id, { title: 'Open me', assignee_ids: [owner.userId] });
  await signIn(page, owner);
  await page.goto(`/${project.id}/kanban`);

  const openMe = tile(page, 'To do', 'Open me');
  // The card's line, under the title's cover: a click there lands on the cover.
  const cardLine = await openMe.getByText('The card line').boundingBox();
  if (!cardLine) throw new Error('The card line is not shown');
  await page.mouse.click(cardLine.x + cardLine.width / 2, cardLine.y + cardLine.height / 2);
  const drawer = page.getByRole('dialog', { name: 'Open me' });
  await expect(drawer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);

  // What the pointer meets over the avatars is the avatars (their tooltip), not the tile's cover.
  const avatars = openMe.getByTitle('Tilda Click');
  const box = await avatars.boundingBox();
  if (!box) throw new Error('The avatars are not shown');
  const hit = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('[title]')?.getAttribute('title'),
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(hit).toBe('Tilda Click');
});
