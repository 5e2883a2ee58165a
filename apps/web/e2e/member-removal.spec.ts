import { expect, test } from '@playwright/test';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn, waitUntilLive } from './support/projects';

test('a removed member’s open page leaves the project at once', async ({ page, request, browser }) => {
  const owner = await registerAccount(request, 'remover', 'Rita Remover');
  const member = await registerAccount(request, 'removed', 'Remy Removed');
  const project = await createProjectViaApi(request, owner, 'Crew list');
  await addMemberViaApi(request, owner, project.id, member.email, 'member');

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member);
  await memberPage.goto(`/${project.id}/kanban`);
  await expect(memberPage.getByRole('heading', { level: 1, name: 'Crew list' })).toBeVisible();
  await waitUntilLive(memberPage, request, owner, project.id);

  await signIn(page, owner);
  await page.goto(`/${project.id}/settings`);
  await page.getByRole('button', { name: `Remove Remy Removed (${member.email})` }).click();
  await page.getByRole('dialog', { name: 'Remove Remy Removed?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Remy Removed was removed from the project.' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Members' }).getByRole('row', { name: /Remy Removed/ })).toHaveCount(0);

  await expect(memberPage.getByRole('alert').filter({ hasText: 'You were removed from this project' })).toBeVisible();
  await expect(memberPage).toHaveURL('/dashboard');
  await expect(memberPage.getByText('No projects yet')).toBeVisible();
  await memberContext.close();
});

test('a member leaves a project from its settings', async ({ page, request }) => {
  const owner = await registerAccount(request, 'stayer', 'Stan Stayer');
  const member = await registerAccount(request, 'leaver', 'Lea Leaver');
  const project = await createProjectViaApi(request, owner, 'Galley');
  await addMemberViaApi(request, owner, project.id, member.email, 'admin');

  await signIn(page, member);
  await page.goto(`/${project.id}/settings`);
  await page.getByRole('button', { name: 'Leave project' }).click();
  await page.getByRole('dialog', { name: 'Leave Galley?' }).getByRole('button', { name: 'Leave project' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('alert').filter({ hasText: 'You left Galley.' })).toBeVisible();
  await expect(page.getByText('No projects yet')).toBeVisible();
  await expect(page.getByText('You were removed from this project')).toHaveCount(0);
});

test('the owner hands the project over and becomes an admin', async ({ page, request }) => {
  const owner = await registerAccount(request, 'handover', 'Hal Handover');
  const heir = await registerAccount(request, 'heir', 'Hedda Heir');
  const project = await createProjectViaApi(request, owner, 'Bridge');
  await addMemberViaApi(request, owner, project.id, heir.email, 'member');

  await signIn(page, owner);
  await page.goto(`/${project.id}/settings`);
  await expect(page.getByRole('button', { name: 'Leave project' })).toHaveCount(0);
  await page.getByLabel('New owner').selectOption({ label: `Hedda Heir (${heir.email})` });
  await page.getByRole('button', { name: 'Transfer ownership' }).click();
  await page
    .getByRole('dialog', { name: 'Transfer ownership?' })
    .getByRole('button', { name: 'Transfer ownership' })
    .click();

  await expect(page.getByRole('alert').filter({ hasText: 'Hedda Heir is now the owner of Bridge.' })).toBeVisible();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('row', { name: /Hedda Heir/ })).toContainText('Owner');
  await expect(members.getByRole('row', { name: /Hal Handover/ })).toContainText('Admin');
  await expect(page.getByRole('button', { name: 'Delete project' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Leave project' })).toBeVisible();
});

test('the members table fits a phone: each row’s address, role and Remove are on the screen', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'pocket-owner', 'Pia Pocket');
  const member = await registerAccount(request, 'long-address-member', 'Marguerite Longaddress');
  const project = await createProjectViaApi(request, owner, 'Pocket crew');
  await addMemberViaApi(request, owner, project.id, member.email, 'member');
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, owner);
  await page.goto(`/${project.id}/settings`);

  const row = page.getByRole('region', { name: 'Members' }).getByRole('row', { name: /Marguerite Longaddress/ });
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByText(member.email, { exact: true }).filter({ visible: true })).toBeInViewport({ ratio: 1 });
  const role = row.getByRole('combobox', { name: `Role of Marguerite Longaddress (${member.email})` });
  await expect(role).toBeInViewport({ ratio: 1 });
  await expect(role).toHaveValue('member');
  expect((await role.boundingBox())?.width).toBeGreaterThanOrEqual(100);
  await expect(row.getByRole('button', { name: `Remove Marguerite Longaddress (${member.email})` })).toBeInViewport({
    ratio: 1,
  });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});
