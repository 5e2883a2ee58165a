import { expect, test } from '@playwright/test';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

test('a viewer sees the settings without any control to change them', async ({ page, request }) => {
  const owner = await registerAccount(request, 'keeper', 'Kira Keeper');
  const viewer = await registerAccount(request, 'viewer', 'Vic Viewer');
  const project = await createProjectViaApi(request, owner, 'Read-only bay');
  await addMemberViaApi(request, owner, project.id, viewer.email, 'viewer');

  await signIn(page, viewer);
  await page.goto(`/${project.id}/settings`);
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('row', { name: /Kira Keeper/ })).toContainText('Owner');
  await expect(members.getByRole('row', { name: /Vic Viewer/ })).toContainText('Viewer');

  await expect(page.getByLabel('Project name')).toBeDisabled();
  await expect(page.getByLabel('Description')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Invite' })).toHaveCount(0);
  await expect(page.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Pending invitations' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Transfer ownership' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete project' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Leave project' })).toBeVisible();
});
