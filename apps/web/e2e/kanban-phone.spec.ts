import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { column, columnStrip, tile } from './support/board';
import { createCardViaApi, createTaskViaApi } from './support/cards';
import { createProjectViaApi, registerAccount, signIn } from './support/projects';
import { centerOf, fingerOn } from './support/touch';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

/** A phone shows a page wider than its screen zoomed out, widening the window with it, so both are compared. */
function pageWidths(page: Page) {
  return page.evaluate(() => ({ document: document.documentElement.scrollWidth, window: window.innerWidth }));
}

/** How far a column starts from the left edge of the strip's visible part (0: scrolled to it). */
function offsetInStrip(element: HTMLElement): number {
  return element.offsetLeft - (element.parentElement?.scrollLeft ?? 0);
}

async function openBoard(page: Page, request: APIRequestContext, titles: string[]) {
  const owner = await registerAccount(request, 'phone', 'Phoebe Phone');
  const project = await createProjectViaApi(request, owner, 'Pocket board');
  const card = await createCardViaApi(request, owner, project.id, 'On the go');
  for (const title of titles) await createTaskViaApi(request, owner, card.id, { title });
  await signIn(page, owner);
  await page.goto(`/${project.id}/kanban`);
  await expect(tile(page, 'To do', titles[0] ?? '')).toBeVisible();
}

test('the board fits a phone and a tablet: its columns scroll sideways inside it, the filters wrap', async ({
  page,
  request,
}) => {
  await openBoard(page, request, ['Pack', 'Travel']);
  await expect.poll(() => pageWidths(page)).toEqual({ document: 375, window: 375 });
  const strip = columnStrip(page);
  expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await expect(strip).toHaveCSS('scroll-snap-type', 'x mandatory');
  for (const filter of ['Filter tasks', 'Assignee', 'Label', 'Due']) {
    await expect(page.getByLabel(filter, { exact: true })).toBeInViewport({ ratio: 1 });
  }

  await page.setViewportSize({ width: 768, height: 1024 });
  await expect.poll(() => pageWidths(page)).toEqual({ document: 768, window: 768 });
  expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
});

test('Task actions › Move to moves a task on a phone, its menus on the screen', async ({ page, request }) => {
  await openBoard(page, request, ['Tap me', 'Leave me']);
  await tile(page, 'To do', 'Tap me').getByRole('button', { name: 'Task actions' }).tap();
  await page.getByRole('menuitem', { name: 'Move to' }).tap();
  const done = page.getByRole('menuitem', { name: 'Done' });
  await expect(done).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole('menuitem', { name: 'In progress' })).toBeInViewport({ ratio: 1 });
  await done.tap();
  await expect(tile(page, 'Done', 'Tap me')).toBeVisible();

  await page.reload();
  await expect(tile(page, 'Done', 'Tap me')).toBeVisible();
  await expect(tile(page, 'To do', 'Tap me')).toHaveCount(0);
  await expect(tile(page, 'To do', 'Leave me')).toBeVisible();
});

test('a long press picks a task up; carried to the next column, it stays there after a reload', async ({
  page,
  request,
}) => {
  await openBoard(page, request, ['Carry me', 'Stay put']);
  const finger = await fingerOn(page);
  const moving = page.getByRole('status').filter({ hasText: 'Moving' });

  await finger.down(await centerOf(tile(page, 'To do', 'Carry me')));
  await expect(moving).toHaveText('Moving “Carry me” to To do');
  // Near the board's right edge, the next column slides into view.
  const board = await columnStrip(page).boundingBox();
  if (!board) throw new Error('The board is not shown');
  await finger.move({ x: board.x + board.width - 4, y: board.y + 100 });
  await expect.poll(() => column(page, 'In progress').evaluate(offsetInStrip)).toBe(0);
  await finger.move(await centerOf(column(page, 'In progress')));
  await expect(moving).toHaveText('Moving “Carry me” to In progress');
  await finger.up();
  await expect(tile(page, 'In progress', 'Carry me')).toBeVisible();
  await expect(moving).toHaveCount(0);

  await page.reload();
  await expect(tile(page, 'In progress', 'Carry me')).toBeVisible();
  await expect(tile(page, 'To do', 'Carry me')).toHaveCount(0);
  await expect(tile(page, 'To do', 'Stay put')).toBeVisible();
});

test('a long press reorders a column: dropped on the top half of a task, it lands above it', async ({
  page,
  request,
}) => {
  await openBoard(page, request, ['First', 'Second', 'Third']);
  const toDo = column(page, 'To do').getByRole('listitem');
  await expect(toDo).toHaveText([/First/, /Second/, /Third/]);
  const finger = await fingerOn(page);

  await finger.down(await centerOf(tile(page, 'To do', 'Third')));
  await expect(page.getByRole('status').filter({ hasText: 'Moving' })).toHaveText('Moving “Third” to To do');
  const first = await tile(page, 'To do', 'First').boundingBox();
  if (!first) throw new Error('First is not shown');
  await finger.move({ x: first.x + first.width / 2, y: first.y + 10 });
  await finger.up();
  await expect(toDo).toHaveText([/Third/, /First/, /Second/]);
  await page.reload();
  await expect(toDo).toHaveText([/Third/, /First/, /Second/]);
});

test('a finger that swipes at once scrolls the board and picks nothing up', async ({ page, request }) => {
  await openBoard(page, request, ['Swiped past']);
  const strip = columnStrip(page);
  const finger = await fingerOn(page);
  const start = await centerOf(tile(page, 'To do', 'Swiped past'));
  await finger.down(start);
  for (const dx of [10, 40, 80, 120, 160]) await finger.move({ x: start.x - dx, y: start.y });
  await expect.poll(() => strip.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await finger.up();
  await expect(page.getByRole('status').filter({ hasText: 'Moving' })).toHaveCount(0);
});

test('a swipe that starts on a task’s actions button scrolls the board and opens no menu', async ({
  page,
  request,
}) => {
  await openBoard(page, request, ['Thumb rests here']);
  const strip = columnStrip(page);
  const finger = await fingerOn(page);
  const actions = tile(page, 'To do', 'Thumb rests here').getByRole('button', { name: 'Task actions' });
  const start = await centerOf(actions);
  await finger.down(start);
  for (const dx of [10, 40, 80, 120, 160]) await finger.move({ x: start.x - dx, y: start.y });
  await finger.up();
  await expect.poll(() => strip.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  await expect(page.getByRole('menu')).toHaveCount(0);

  // A tap still opens it.
  await strip.evaluate((element) => element.scrollTo({ left: 0 }));
  await actions.tap();
  await expect(page.getByRole('menuitem', { name: 'Move to' })).toBeVisible();
  await actions.tap();
  await expect(page.getByRole('menu')).toHaveCount(0);
});
