import { expect, test } from '@playwright/test';
import { strongPassword, uniqueEmail } from './support/accounts';
import { linkIn, waitForMail } from './support/mailbox';
import { createProjectViaApi, invitationLinkViaApi, registerAccount, signIn } from './support/projects';

test('an invited address registers through the mailed link, accepts, and sees the project', async ({
  page,
  request,
  browser,
}) => {
  const owner = await registerAccount(request, 'inviter', 'Ivy Inviter');
  const project = await createProjectViaApi(request, owner, 'Harbour refit');
  await signIn(page, owner);
  await page.goto(`/${project.id}/settings`);

  const invitee = uniqueEmail('invited');
  const invite = page.getByRole('region', { name: 'Invite people' });
  await invite.getByLabel('Email').fill(invitee);
  await invite.getByLabel('Role').selectOption('admin');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Invitation sent to ${invitee}` })).toBeVisible();
  const pending = page.getByRole('region', { name: 'Pending invitations' });
  await expect(pending.getByText(invitee)).toBeVisible();

  const mail = await waitForMail(invitee, (candidate) => candidate.body.includes('/invitations/'));
  const link = linkIn(mail, '/invitations/');
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { level: 1, name: 'Join Harbour refit' })).toBeVisible();
  await expect(guest.getByText('Ivy Inviter invited you')).toBeVisible();
  await guest.getByRole('link', { name: 'Create account' }).click();
  await guest.getByLabel('Name').fill('Nils Newcomer');
  await guest.getByLabel('Email').fill(invitee);
  await guest.getByLabel('Password').fill(strongPassword);
  await guest.getByRole('button', { name: 'Create account' }).click();

  // Back on the invitation after registering.
  await expect(guest).toHaveURL(new URL(link).pathname);
  await guest.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(guest).toHaveURL(`/${project.id}`);
  await expect(guest.getByRole('heading', { level: 1, name: 'Harbour refit' })).toBeVisible();

  // The inviter's open settings page hears about it: a new member, no pending invitation.
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('row', { name: /Nils Newcomer/ })).toContainText('Admin');
  await expect(pending.getByText(invitee)).toBeHidden();

  // A link works once.
  await guest.goto(link);
  await expect(
    guest.getByRole('heading', { level: 1, name: 'This invitation has been used, withdrawn or has expired' }),
  ).toBeVisible();
  await guest.goto('/invitations/not-a-real-token');
  await expect(guest.getByRole('heading', { level: 1, name: 'This invitation link is not valid' })).toBeVisible();
  await guestContext.close();
});

test('inviting an existing account adds it at once; duplicates and bad addresses are refused clearly', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'adder', 'Ada Adder');
  const colleague = await registerAccount(request, 'colleague', 'Cole League');
  const project = await createProjectViaApi(request, owner, 'Logbook');
  await signIn(page, owner);
  await page.goto(`/${project.id}/settings`);

  const invite = page.getByRole('region', { name: 'Invite people' });
  await invite.getByLabel('Email').fill(colleague.email);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(page.getByRole('alert').filter({ hasText: `Added ${colleague.email}` })).toBeVisible();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByRole('row', { name: /Cole League/ })).toBeVisible();
  await expect(invite.getByLabel('Email')).toHaveValue('');

  await invite.getByLabel('Email').fill(colleague.email);
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite.getByText('This person is already a member of the project.')).toBeVisible();

  await invite.getByLabel('Email').fill('not-an-address');
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite.getByText('Please enter a valid email address.')).toBeVisible();
});

test('an anonymous visitor who signs in comes back to the invitation', async ({ page, request }) => {
  const owner = await registerAccount(request, 'host', 'Hugo Host');
  const guest = await registerAccount(request, 'guest', 'Greta Guest');
  const project = await createProjectViaApi(request, owner, 'Dry dock');
  const { link } = await invitationLinkViaApi(request, owner, project.id);

  await page.goto(link);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Password').fill(strongPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new URL(link).pathname);
  await expect(page.getByText(`You are signed in as ${guest.email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dry dock' })).toBeVisible();
});
