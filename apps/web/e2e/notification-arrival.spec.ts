import { expect, test } from '@playwright/test';
import { notificationsButton, notificationsLabel } from './support/notifications';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

test('being added to a project shows in the badge and as a toast without a reload; the toast opens it', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'notifier', 'Nora Notifier');
  const person = await registerAccount(request, 'notified', 'Ned Notified');
  const project = await createProjectViaApi(request, owner, 'Harbour master');

  // The count shown at sign-in is what was already there: nothing is toasted for it.
  const firstCount = page.waitForResponse((response) => response.url().endsWith('/api/notifications/unread-count'));
  await signIn(page, person);
  expect(await (await firstCount).json()).toEqual({ count: 0 });
  await expect(notificationsButton(page)).toHaveAccessibleName(notificationsLabel(0));

  await addMemberViaApi(request, owner, project.id, person.email, 'member');

  await expect(page.getByRole('button', { name: notificationsLabel(1), exact: true })).toBeVisible();
  await expect(page).toHaveURL('/dashboard');
  const toast = page.getByRole('alert').filter({ hasText: 'Added to Harbour master' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Nora Notifier added you to Harbour master as member.');

  await toast.getByRole('button', { name: /Added to Harbour master/ }).click();
  await expect(page).toHaveURL(`/${project.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour master' })).toBeVisible();
  await expect(notificationsButton(page)).toHaveAccessibleName(notificationsLabel(0));
  await expect(toast).toHaveCount(0);
});
