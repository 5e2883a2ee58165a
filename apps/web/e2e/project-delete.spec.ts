import { expect, test } from '@playwright/test';
import {
  addMemberViaApi,
  createProjectViaApi,
  registerAccount,
  renameProjectViaApi,
  signIn,
  waitUntilLive,
} from './support/projects';

test('the owner deletes a project by typing its name, and a member’s open page leaves it', async ({
  page,
  request,
  browser,
}) => {
  const owner = await registerAccount(request, 'deleter', 'Dora Deleter');
  const member = await registerAccount(request, 'bystander', 'Ben Bystander');
  const project = await createProjectViaApi(request, owner, 'Scrap yard');
  await addMemberViaApi(request, owner, project.id, member.email, 'member');

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member);
  await memberPage.goto(`/${project.id}/my-work`);
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Scrap yard' })).toBeVisible();
  await waitUntilLive(memberPage, request, owner, project.id);
  await renameProjectViaApi(request, owner, project.id, 'Scrap yard');

  await signIn(page, owner);
  await page.goto(`/${project.id}/settings`);
  await page.getByRole('button', { name: 'Delete project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Scrap yard?' });
  const confirm = dialog.getByRole('button', { name: 'Delete', exact: true });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Project name to confirm').fill('scrap yard');
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Project name to confirm').fill('Scrap yard');
  await confirm.click();

  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: 'Scrap yard was deleted.' })).toBeVisible();
  await expect(page.getByText('No projects yet')).toBeVisible();
  // The owner's own deletion is not announced to them a second time.
  await expect(page.getByText('This project was deleted')).toHaveCount(0);

  await expect(memberPage.getByRole('alert').filter({ hasText: 'This project was deleted' })).toBeVisible();
  await expect(memberPage).toHaveURL('/dashboard');
  await expect(memberPage.getByText('No projects yet')).toBeVisible();
  await memberPage.goto(`/${project.id}`);
  await expect(memberPage.getByRole('heading', { level: 1, name: 'WTF?' })).toBeVisible();
  await memberContext.close();
});
