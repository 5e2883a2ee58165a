import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { z } from 'zod';
import { distinctClientAddress, signInWithForm, strongPassword, uniqueEmail } from './accounts';
import { linkIn, waitForMail } from './mailbox';

/** An account made through the API, with a token for setting things up where the UI is not under test. */
export interface ApiAccount {
  email: string;
  name: string;
  userId: string;
  token: string;
}

const Session = z.object({ id_token: z.string(), user: z.object({ id: z.string() }) });
const Created = z.object({ id: z.string() });

/** Registers a fresh account (unique email) through the API. */
export async function registerAccount(request: APIRequestContext, label: string, name: string): Promise<ApiAccount> {
  const email = uniqueEmail(label);
  const response = await request.post('/api/auth/register', {
    headers: distinctClientAddress(),
    data: { email, password: strongPassword, name },
  });
  expect(response.status()).toBe(201);
  const session = Session.parse(await response.json());
  return { email, name, userId: session.user.id, token: session.id_token };
}

function bearer(account: ApiAccount) {
  return { Authorization: `Bearer ${account.token}` };
}

export async function createProjectViaApi(request: APIRequestContext, owner: ApiAccount, name: string) {
  const response = await request.post('/api/projects', { headers: bearer(owner), data: { name } });
  expect(response.status()).toBe(201);
  return Created.parse(await response.json());
}

/** Adds an existing account (201) or invites an unknown address (202). */
export async function addMemberViaApi(
  request: APIRequestContext,
  admin: ApiAccount,
  projectId: string,
  email: string,
  role: 'viewer' | 'member' | 'admin',
): Promise<number> {
  const response = await request.post(`/api/projects/${projectId}/members`, {
    headers: bearer(admin),
    data: { email, role },
  });
  expect([201, 202]).toContain(response.status());
  return response.status();
}

/** Invites an unknown address and returns the link of the mail it gets. */
export async function invitationLinkViaApi(request: APIRequestContext, admin: ApiAccount, projectId: string) {
  const invitee = uniqueEmail('invitee');
  expect(await addMemberViaApi(request, admin, projectId, invitee, 'member')).toBe(202);
  const mail = await waitForMail(invitee, (candidate) => candidate.body.includes('/invitations/'));
  return { invitee, link: linkIn(mail, '/invitations/') };
}

export async function renameProjectViaApi(request: APIRequestContext, admin: ApiAccount, id: string, name: string) {
  const response = await request.patch(`/api/projects/${id}`, { headers: bearer(admin), data: { name } });
  expect(response.status()).toBe(200);
}

/**
 * Waits until `page`, open on the project, has its live channel connected: a rename made now reaches an open
 * project page only through the channel (its event, or the refetch that follows every connect), so once the new
 * name shows, events published from then on are delivered. Without this, a test acting right after page load
 * could publish before the socket is open.
 */
export async function waitUntilLive(page: Page, request: APIRequestContext, admin: ApiAccount, projectId: string) {
  const marker = `Live check ${crypto.randomUUID().slice(0, 8)}`;
  await renameProjectViaApi(request, admin, projectId, marker);
  await expect(page.getByRole('heading', { level: 1, name: marker })).toBeVisible();
}

/** Signs `account` in through the form and waits for the dashboard. */
export async function signIn(page: Page, account: ApiAccount): Promise<void> {
  await page.goto('/login');
  await signInWithForm(page, account.email, strongPassword);
  await expect(page).toHaveURL('/dashboard');
}
