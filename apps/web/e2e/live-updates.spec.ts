import { expect, test } from '@playwright/test';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

test('a rename by one person appears on another member’s open pages without a reload', async ({
  page,
  request,
  browser,
}) => {
  const owner = await registerAccount(request, 'renamer', 'Rena Owner');
  const member = await registerAccount(request, 'watcher', 'Walt Watcher');
  const project = await createProjectViaApi(request, owner, 'Old name');
  await addMemberViaApi(request, owner, project.id, member.email, 'member');

  const memberContext = await browser.newContext();
  const memberDashboard = await memberContext.newPage();
  await signIn(memberDashboard, member);
  const memberProject = await memberContext.newPage();
  await memberProject.goto(`/${project.id}/kanban`);
  await expect(memberProject.getByRole('heading', { level: 1, name: 'Old name' })).toBeVisible();
  await expect(memberDashboard.getByRole('link', { name: 'Old name' })).toBeVisible();

  await signIn(page, owner);
  await page.goto(`/${project.id}/settings`);
  await page.getByLabel('Project name').fill('New name');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Project settings saved.' })).toBeVisible();

  await expect(memberProject.getByRole('heading', { level: 1, name: 'New name' })).toBeVisible();
  await expect(memberDashboard.getByRole('link', { name: 'New name' })).toBeVisible();
  await memberContext.close();
});

test('a role change shows or hides controls on the member’s open settings page', async ({ page, request, browser }) => {
  const owner = await registerAccount(request, 'promoter', 'Pia Owner');
  const member = await registerAccount(request, 'promoted', 'Max Member');
  const project = await createProjectViaApi(request, owner, 'Chart room');
  await addMemberViaApi(request, owner, project.id, member.email, 'member');

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member);
  await memberPage.goto(`/${project.id}/settings`);
  await expect(memberPage.getByLabel('Project name')).toBeDisabled();
  await expect(memberPage.getByRole('button', { name: 'Invite' })).toHaveCount(0);

  await signIn(page, owner);
  await page.goto(`/${project.id}/settings`);
  await page.getByLabel(`Role of Max Member (${member.email})`).selectOption('admin');
  await expect(page.getByRole('alert').filter({ hasText: 'Max Member is now admin.' })).toBeVisible();

  await expect(memberPage.getByLabel('Project name')).toBeEnabled();
  await expect(memberPage.getByRole('button', { name: 'Invite' })).toBeVisible();

  await page.getByLabel(`Role of Max Member (${member.email})`).selectOption('viewer');
  await expect(memberPage.getByRole('button', { name: 'Invite' })).toHaveCount(0);
  await expect(memberPage.getByLabel('Project name')).toBeDisabled();
  await memberContext.close();
});
