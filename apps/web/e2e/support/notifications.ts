import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { type ApiAccount, addMemberViaApi, createProjectViaApi } from './projects';

/** The header's Notifications button, whatever its count says. */
export function notificationsButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
}

/** The button's accessible name for `count` unread notifications (DESIGN.md §6). */
export function notificationsLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : 'Notifications';
}

/** Opens the panel from the header and returns it. */
export async function openNotifications(page: Page): Promise<Locator> {
  await notificationsButton(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();
  return panel;
}

/** One notification of the open panel, found by its title. */
export function notificationItem(panel: Locator, title: string): Locator {
  return panel.getByRole('listitem').filter({ has: panel.page().getByRole('link', { name: title }) });
}

/**
 * Gives `person` one notification per name ("Added to <name>"), oldest first, by having `owner` create each project
 * and add them. Projects are made a few at a time: the suite's server is shared with the other workers.
 */
export async function notifyThroughProjects(
  request: APIRequestContext,
  owner: ApiAccount,
  person: ApiAccount,
  names: string[],
): Promise<{ id: string; name: string }[]> {
  const projects: { id: string; name: string }[] = [];
  for (const name of names) {
    const project = await createProjectViaApi(request, owner, name);
    await addMemberViaApi(request, owner, project.id, person.email, 'member');
    projects.push({ id: project.id, name });
  }
  return projects;
}
