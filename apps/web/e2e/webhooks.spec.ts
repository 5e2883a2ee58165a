import { createHmac } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createCardViaApi, createTaskViaApi, moveTaskViaApi, statusesViaApi } from './support/cards';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';
import { type ReceivedHook, startWebhookReceiver } from './support/webhook-receiver';

async function expectNoSevereViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target) }));
  expect(severe).toEqual([]);
}

/** The Standard Webhooks signature a receiver expects for `hook`, keyed with the bytes of `secret` after whsec_. */
function expectedSignature(secret: string, hook: ReceivedHook): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${hook.headers['webhook-id']}.${hook.headers['webhook-timestamp']}.${hook.body}`;
  return `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
}

test('an owner adds a webhook, receives a signed task.moved, and redelivers it from the log', async ({
  page,
  request,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    const owner = await registerAccount(request, 'webhooks', 'Wren Webhook');
    const project = await createProjectViaApi(request, owner, 'Signal flags');
    const card = await createCardViaApi(request, owner, project.id, 'Semaphore');
    const task = await createTaskViaApi(request, owner, card.id, { title: 'Hoist the pennant' });
    const inProgress = (await statusesViaApi(request, owner, project.id)).find(
      (status) => status.name === 'In progress',
    );
    if (!inProgress) throw new Error('The project has no In progress column');

    await signIn(page, owner);
    await page.goto(`/${project.id}/settings`);
    const webhooks = page.getByRole('region', { name: 'Webhooks' });
    await expect(webhooks.getByText(/^No webhooks yet/)).toBeVisible();

    await webhooks.getByRole('button', { name: 'Add webhook' }).click();
    await expect(webhooks.getByLabel('URL', { exact: true })).toBeFocused();
    await webhooks.getByLabel('URL', { exact: true }).fill('http://example.com/hook');
    await webhooks.getByRole('button', { name: 'Add webhook' }).click();
    await expect(webhooks.getByText('Choose at least one event, or All events.')).toBeVisible();
    await expect(webhooks.getByRole('checkbox', { name: 'All events' })).toBeFocused();
    await expectNoSevereViolations(page);
    await webhooks.getByRole('checkbox', { name: 'All events' }).check();
    await expect(webhooks.getByRole('checkbox', { name: 'task.moved' })).toBeChecked();
    await expect(webhooks.getByRole('checkbox', { name: 'task.moved' })).toBeDisabled();
    await webhooks.getByRole('button', { name: 'Add webhook' }).click();
    // The server's own words, on the URL field: only allowed hosts may use plain http.
    const urlField = webhooks.getByLabel('URL', { exact: true });
    await expect(urlField).toBeFocused();
    await expect(urlField).toHaveAttribute('aria-invalid', 'true');
    await expect(urlField).toHaveAccessibleDescription(/The URL must use https\.$/);
    await expect(webhooks.getByRole('alert')).toHaveCount(0);

    await webhooks.getByRole('checkbox', { name: 'All events' }).uncheck();
    await expect(webhooks.getByRole('checkbox', { name: 'task.moved' })).not.toBeChecked();
    await webhooks.getByRole('group', { name: 'Tasks' }).getByRole('checkbox', { name: 'task.moved' }).check();
    await webhooks.getByLabel('URL', { exact: true }).fill(receiver.url);
    await webhooks.getByLabel('Description').fill('Harbour board relay');
    await webhooks.getByRole('button', { name: 'Add webhook' }).click();
    const secretField = webhooks.getByLabel('Signing secret');
    await expect(secretField).toHaveValue(/^whsec_[A-Za-z0-9+/]+=*$/);
    await expect(secretField).toBeFocused();
    await expect(webhooks).toContainText('it will not be shown again');
    await expect(webhooks).toContainText('webhook-signature');
    await expectNoSevereViolations(page);
    const secret = await secretField.inputValue();
    await webhooks.getByRole('button', { name: 'Done' }).click();
    await expect(webhooks.getByRole('button', { name: 'Add webhook' })).toBeFocused();
    expect(await page.content()).not.toContain(secret);

    const webhook = webhooks.getByRole('listitem', { name: receiver.url });
    await expect(webhook).toContainText('task.moved');
    await expect(webhook).toContainText('Harbour board relay');
    await expect(webhook).toContainText('Enabled');
    await expect(webhook.getByRole('button', { name: 'Disable' })).toBeVisible();

    await moveTaskViaApi(request, owner, task.id, inProgress.id);
    await expect.poll(() => receiver.requests.length).toBe(1);
    const [first] = receiver.requests;
    if (!first) throw new Error('No request arrived');
    expect(first.method).toBe('POST');
    expect(first.path).toBe('/hook');
    expect(JSON.parse(first.body)).toMatchObject({ type: 'task.moved' });
    expect(first.headers['webhook-id']).toEqual(expect.any(String));
    expect(first.headers['webhook-timestamp']).toMatch(/^\d+$/);
    expect(first.headers['webhook-signature']).toBe(expectedSignature(secret, first));

    await webhook.getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('dialog', { name: 'Deliveries' });
    const delivery = log
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: 'Redeliver' }) })
      .filter({ hasText: 'task.moved' });
    await expect(delivery).toHaveCount(1);
    await expect(delivery).toContainText('Succeeded');
    await expect(delivery.getByRole('cell', { name: '200', exact: true })).toBeVisible();
    await expect(delivery.getByRole('cell', { name: '1', exact: true })).toBeVisible();

    await delivery.getByRole('button', { name: 'Details' }).click();
    await expect(log.getByText('"type": "task.moved"')).toBeVisible();
    await expect(log.getByText('"received": true')).toBeVisible();
    await expectNoSevereViolations(page);

    await delivery.getByRole('button', { name: 'Redeliver' }).click();
    await expect.poll(() => receiver.requests.length).toBe(2);
    expect(receiver.requests[1]?.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(receiver.requests[1]?.body).toBe(first.body);
    // Refetched on its own while the redelivery is pending, until its attempt has ended.
    await expect(delivery.getByRole('cell', { name: '2', exact: true })).toBeVisible();
    await expect(delivery).toContainText('Succeeded');
    await expect(log.getByRole('status').filter({ hasText: 'Sent again' })).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test('a member of the project does not see the Webhooks section', async ({ page, request }) => {
  const owner = await registerAccount(request, 'webhook-owner', 'Olwen Owner');
  const member = await registerAccount(request, 'webhook-member', 'Milo Member');
  const project = await createProjectViaApi(request, owner, 'Quiet harbour');
  await addMemberViaApi(request, owner, project.id, member.email, 'member');
  await signIn(page, member);
  await page.goto(`/${project.id}/settings`);
  await expect(page.getByRole('region', { name: 'Members' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Webhooks' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add webhook' })).toHaveCount(0);
});
