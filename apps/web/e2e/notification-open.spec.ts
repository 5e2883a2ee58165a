import { expect, test } from '@playwright/test';
import {
  notificationsButton,
  notificationsLabel,
  notifyThroughProjects,
  openNotifications,
} from './support/notifications';
import { registerAccount, signIn } from './support/projects';

test('clicking a notification marks it read, closes the panel and opens its project', async ({ page, request }) => {
  const owner = await registerAccount(request, 'opener-owner', 'Otto Owner');
  const person = await registerAccount(request, 'opener', 'Olga Opener');
  const [project] = await notifyThroughProjects(request, owner, person, ['Lighthouse']);

  await signIn(page, person);
  await expect(notificationsButton(page)).toHaveAccessibleName(notificationsLabel(1));
  const panel = await openNotifications(page);
  await panel.getByRole('link', { name: 'Added to Lighthouse' }).click();

  await expect(page).toHaveURL(`/${project?.id}`);
  await expect(panel).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Lighthouse' })).toBeVisible();
  await expect(notificationsButton(page)).toHaveAccessibleName(notificationsLabel(0));
});

test('the panel works with the keyboard', async ({ page, request }) => {
  const owner = await registerAccount(request, 'keys-owner', 'Kai Owner');
  const person = await registerAccount(request, 'keys', 'Kim Keys');
  const [project] = await notifyThroughProjects(request, owner, person, ['Keelson']);

  await signIn(page, person);
  await notificationsButton(page).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeFocused();
  // Tabs pressed while the list is still loading pass it by, as they would for a person who did not wait.
  const opened = panel.getByRole('link', { name: 'Added to Keelson' });
  await expect(opened).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(opened).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/${project?.id}`);
  await expect(panel).toBeHidden();
});
