import { expect, test } from '@playwright/test';
import {
  notificationsButton,
  notificationsLabel,
  notifyThroughProjects,
  openNotifications,
} from './support/notifications';
import { registerAccount, signIn } from './support/projects';

const total = 35;
/** The server's default page size (contract notificationPageSize.default). */
const pageSize = 30;

test('older notifications load as the end of the list scrolls into view', async ({ page, request }) => {
  // 35 projects and 35 additions through the API before the browser even starts.
  test.setTimeout(90_000);
  const owner = await registerAccount(request, 'history-owner', 'Hana Owner');
  const person = await registerAccount(request, 'history', 'Hugo History');
  const names = Array.from({ length: total }, (_, index) => `Dock ${String(index + 1).padStart(2, '0')}`);
  await notifyThroughProjects(request, owner, person, names);

  await signIn(page, person);
  await expect(notificationsButton(page)).toHaveAccessibleName(notificationsLabel(total));
  const panel = await openNotifications(page);
  const items = panel.getByRole('listitem');
  await expect(items).toHaveCount(pageSize);
  await expect(items.first()).toContainText('Added to Dock 35');
  await expect(items.last()).toContainText('Added to Dock 06');

  await items.last().scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(total);
  await expect(items.last()).toContainText('Added to Dock 01');
  await expect(panel.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('without IntersectionObserver, the Load more button loads the next page', async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => Reflect.deleteProperty(window, 'IntersectionObserver'));
  const owner = await registerAccount(request, 'more-owner', 'Mona Owner');
  const person = await registerAccount(request, 'more', 'Milo More');
  const names = Array.from({ length: pageSize + 1 }, (_, index) => `Pier ${String(index + 1).padStart(2, '0')}`);
  await notifyThroughProjects(request, owner, person, names);

  await signIn(page, person);
  const panel = await openNotifications(page);
  await expect(panel.getByRole('listitem')).toHaveCount(pageSize);
  const loadMore = panel.getByRole('button', { name: 'Load more' });
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('listitem')).toHaveCount(pageSize + 1);
  await expect(panel.getByRole('listitem').last()).toContainText('Added to Pier 01');
});
