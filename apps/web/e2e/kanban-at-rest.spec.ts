import { expect, test } from '@playwright/test';
import { column, tile } from './support/board';
import { createCardViaApi, createTaskViaApi, moveTaskViaApi, statusesViaApi } from './support/cards';
import { createProjectViaApi, registerAccount, signIn } from './support/projects';

// A board read whole is compressed whole at once; after a change its answer is pieced together, and compressed
// again, whole, once it was sent twice unchanged (server: queries/board.ts). The next teammate's browser must get
// that form and show every task from it.
test('a board that stood still reaches the next teammate compressed whole, with every task on it', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'rested', 'Rita Rested');
  const project = await createProjectViaApi(request, owner, 'Quiet board');
  const card = await createCardViaApi(request, owner, project.id, 'Backlog');
  const titles = Array.from({ length: 30 }, (_, i) => `Quiet task ${String(i + 1).padStart(2, '0')}`);
  const tasks: { id: string; status_id: string }[] = [];
  for (const title of titles) tasks.push(await createTaskViaApi(request, owner, card.id, { title }));

  const boardPath = `/api/projects/${project.id}/board`;
  const get = () =>
    request.get(boardPath, { headers: { Authorization: `Bearer ${owner.token}`, 'accept-encoding': 'gzip, deflate' } });
  const whole = await get();
  expect(whole.headers()['content-encoding']).toBe('gzip');
  // The last task moved away and back to the end of its column: changes that leave the board as it was.
  const [toDo, doing] = await statusesViaApi(request, owner, project.id);
  for (const status of [doing, toDo]) await moveTaskViaApi(request, owner, tasks.at(-1)?.id ?? '', status?.id ?? '');
  // Made again, then sent twice as it stands, as it is when teammates open it one after another.
  const made = await get();
  expect(made.headers()['content-encoding']).toBe('gzip');
  const piecedBytes = Number(made.headers()['content-length']);
  // The same board as at first, which was read whole and so compressed whole.
  expect(Number(whole.headers()['content-length'])).toBeLessThan(piecedBytes);
  await get();
  await get();
  await expect.poll(async () => Number((await get()).headers()['content-length'])).toBeLessThan(piecedBytes);

  await signIn(page, owner);
  const answered = page.waitForResponse((res) => new URL(res.url()).pathname === boardPath && res.status() === 200);
  await page.goto(`/${project.id}/kanban`);
  const answer = await answered;
  const offered = (await answer.request().allHeaders())['accept-encoding'] ?? '';
  const headers = await answer.allHeaders();
  if (offered.includes('br')) expect(headers['content-encoding']).toBe('br');
  else {
    // Over plain HTTP Chromium offers no Brotli: the one gzip stream, smaller than the pieced one.
    expect(headers['content-encoding']).toBe('gzip');
    expect(Number(headers['content-length'])).toBeLessThan(piecedBytes);
  }
  // The column shows its first tiles and counts them all; the last one is found by filtering.
  await expect(column(page, 'To do')).toContainText(/30\s*tasks/);
  await expect(tile(page, 'To do', 'Quiet task 01')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Filter tasks' }).fill('Quiet task 30');
  await expect(column(page, 'To do').getByRole('listitem')).toHaveCount(1);
  await expect(tile(page, 'To do', 'Quiet task 30')).toBeVisible();
});
