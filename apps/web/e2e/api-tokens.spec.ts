import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { type ApiAccount, createProjectViaApi, registerAccount, signIn } from './support/projects';

async function expectNoSevereViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target) }));
  expect(severe).toEqual([]);
}

/** Opens Account › Profile and returns its API tokens section. */
async function openTokens(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  return page.getByRole('dialog', { name: 'Profile' }).getByRole('region', { name: 'API tokens' });
}

interface TokenChoices {
  name: string;
  access: 'Read only' | 'Read and write';
  projects?: string[];
  expires?: '7 days' | '30 days' | '90 days' | '1 year';
}

/** Fills and submits the New token form, and waits for the secret the server shows once. */
async function createToken(tokens: Locator, choices: TokenChoices): Promise<Locator> {
  await tokens.getByRole('button', { name: 'New token' }).click();
  await tokens.getByLabel('Name').fill(choices.name);
  await tokens.getByRole('radio', { name: choices.access, exact: true }).check();
  for (const project of choices.projects ?? []) {
    await tokens.getByRole('group', { name: 'Projects' }).getByRole('checkbox', { name: project }).check();
  }
  if (choices.expires) await tokens.getByLabel('Expires').selectOption({ label: choices.expires });
  await tokens.getByRole('button', { name: 'Create token' }).click();
  const secret = tokens.getByLabel('Your new token');
  await expect(secret).toHaveValue(/^dh_[0-9A-Za-z]{40}$/);
  return secret;
}

function bearer(token: string) {
  return { Authorization: `Bearer ${token}` };
}

async function createTokensViaApi(request: APIRequestContext, account: ApiAccount, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const response = await request.post('/api/tokens', {
      headers: bearer(account.token),
      data: { name: `Script ${index + 1}`, scope: 'read' },
    });
    expect(response.status()).toBe(201);
  }
}

test('a person makes tokens, a script uses them within their scope, and a revoked token stops working', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'tokens', 'Tova Tokens');
  const project = await createProjectViaApi(request, owner, 'Tide tables');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, owner);

  const tokens = await openTokens(page);
  await expect(tokens.getByText(/^No tokens yet/)).toBeVisible();
  await tokens.getByRole('button', { name: 'New token' }).click();
  await expect(tokens.getByLabel('Name')).toBeFocused();
  await expect(tokens.getByRole('radio', { name: 'Read only' })).toBeChecked();
  await expect(tokens.getByLabel('Expires')).toHaveValue('30');
  await expect(tokens.getByRole('group', { name: 'Projects' })).toContainText('None checked: all your projects');
  await tokens.getByRole('button', { name: 'Cancel' }).click();
  await expect(tokens.getByRole('button', { name: 'New token' })).toBeFocused();

  const secretField = await createToken(tokens, { name: 'CI job', access: 'Read and write' });
  const writeToken = await secretField.inputValue();
  await expect(secretField).toBeFocused();
  await expect(tokens).toContainText('it will not be shown again');
  await tokens.getByRole('button', { name: 'Copy' }).click();
  await expect(tokens.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(writeToken);
  await expectNoSevereViolations(page);

  await tokens.getByRole('button', { name: 'Done' }).click();
  await expect(tokens.getByLabel('Your new token')).toHaveCount(0);
  await expect(tokens.getByRole('button', { name: 'New token' })).toBeFocused();
  const ciJob = tokens.getByRole('listitem', { name: 'CI job' });
  await expect(ciJob).toContainText('Read and write');
  await expect(ciJob).toContainText(`…${writeToken.slice(-4)}`);
  await expect(ciJob).toContainText('All projects');
  await expect(ciJob).toContainText('Never used');
  await expect(page.getByText(writeToken)).toHaveCount(0);
  expect(await page.content()).not.toContain(writeToken);

  const listed = await request.get('/api/projects', { headers: bearer(writeToken) });
  expect(listed.status()).toBe(200);
  expect(await listed.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: project.id })]));

  const readField = await createToken(tokens, {
    name: 'Nightly report',
    access: 'Read only',
    projects: ['Tide tables'],
    expires: '7 days',
  });
  const readToken = await readField.inputValue();
  await tokens.getByRole('button', { name: 'Done' }).click();
  const nightly = tokens.getByRole('listitem', { name: 'Nightly report' });
  await expect(nightly).toContainText('Read only');
  await expect(nightly).toContainText('Tide tables');
  expect((await request.get(`/api/projects/${project.id}`, { headers: bearer(readToken) })).status()).toBe(200);
  const refused = await request.post('/api/projects', { headers: bearer(readToken), data: { name: 'Not allowed' } });
  expect(refused.status()).toBe(403);

  await page.reload();
  const reloaded = await openTokens(page);
  await expect(reloaded.getByRole('listitem', { name: 'CI job' })).toContainText(/Last used (just now|\d+ min ago)/);
  await expect(reloaded.getByRole('listitem', { name: 'Nightly report' })).toContainText(/Last used/);

  await reloaded.getByRole('listitem', { name: 'CI job' }).getByRole('button', { name: 'Revoke' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke token?' });
  await expect(confirm).toContainText('“CI job”');
  await confirm.getByRole('button', { name: 'Revoke token' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(reloaded.getByRole('listitem', { name: 'CI job' })).toHaveCount(0);
  await expect(reloaded.getByRole('status').filter({ hasText: 'The token “CI job” was revoked.' })).toBeVisible();
  await expect(reloaded.getByRole('listitem', { name: 'Nightly report' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Profile' })).toBeVisible();

  expect((await request.get('/api/projects', { headers: bearer(writeToken) })).status()).toBe(401);
  expect((await request.get('/api/projects', { headers: bearer(readToken) })).status()).toBe(200);
});

test('the form names a missing name, and shows the server’s words at the 50-token limit', async ({ page, request }) => {
  const owner = await registerAccount(request, 'token-limit', 'Lars Limit');
  await createTokensViaApi(request, owner, 50);
  await signIn(page, owner);

  const tokens = await openTokens(page);
  await expect(tokens.getByRole('listitem', { name: 'Script 50' })).toBeVisible();
  await tokens.getByRole('button', { name: 'New token' }).click();
  await tokens.getByRole('button', { name: 'Create token' }).click();
  await expect(tokens.getByLabel('Name')).toBeFocused();
  await expect(tokens.getByText('Give the token a name')).toBeVisible();

  await tokens.getByLabel('Name').fill('One too many');
  await tokens.getByRole('button', { name: 'Create token' }).click();
  await expect(tokens.getByRole('alert')).toHaveText(
    'You have 50 tokens, the most one person may hold: revoke one first',
  );
  await expect(tokens.getByLabel('Your new token')).toHaveCount(0);
  await expect(tokens.getByRole('listitem', { name: 'One too many' })).toHaveCount(0);
  await expectNoSevereViolations(page);
});
