import { expect, test } from '@playwright/test';
import {
  notificationItem,
  notificationsButton,
  notificationsLabel,
  notifyThroughProjects,
  openNotifications,
} from './support/notifications';
import { registerAccount, signIn } from './support/projects';

test('mark one as read, mark all as read and delete from the panel; the count never goes below 0', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'panel-owner', 'Paula Owner');
  const person = await registerAccount(request, 'panel-reader', 'Reed Reader');
  await notifyThroughProjects(request, owner, person, ['Anchorage', 'Breakwater', 'Capstan']);

  await signIn(page, person);
  await expect(notificationsButton(page)).toHaveAccessibleName(notificationsLabel(3));
  const panel = await openNotifications(page);
  await expect(panel.getByRole('listitem')).toHaveCount(3);
  await expect(panel).toContainText('3 unread');
  // Newest first, each with its author, message, time and an unread marker.
  await expect(panel.getByRole('listitem').first()).toContainText('Added to Capstan');
  const breakwater = notificationItem(panel, 'Added to Breakwater');
  await expect(breakwater).toContainText('Paula Owner added you to Breakwater as member.');
  await expect(breakwater).toContainText('just now');
  await expect(breakwater.getByRole('link', { name: 'Unread: Added to Breakwater' })).toBeVisible();

  await breakwater.getByRole('button', { name: 'Mark as read' }).click();
  await expect(panel).toContainText('2 unread');
  await expect(breakwater.getByRole('link', { name: 'Added to Breakwater', exact: true })).toBeVisible();
  await expect(breakwater.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(panel).toContainText('No unread notifications');
  await expect(panel.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  await notificationItem(panel, 'Added to Anchorage').getByRole('button', { name: 'Delete' }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await expect(notificationItem(panel, 'Added to Anchorage')).toHaveCount(0);
  await expect(panel).toContainText('No unread notifications');

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(notificationsButton(page)).toHaveAccessibleName(notificationsLabel(0));
  await expect(notificationsButton(page)).toBeFocused();

  // Still so after a reload: the server agrees.
  await page.reload();
  await expect(notificationsButton(page)).toHaveAccessibleName(notificationsLabel(0));
  const again = await openNotifications(page);
  await expect(again.getByRole('listitem')).toHaveCount(2);
});

test('the panel says when there is nothing', async ({ page, request }) => {
  const person = await registerAccount(request, 'panel-empty', 'Emma Empty');
  await signIn(page, person);
  const panel = await openNotifications(page);
  await expect(panel.getByText('You’re all caught up')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
});
