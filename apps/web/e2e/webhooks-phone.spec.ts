import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { createCardViaApi, createTaskViaApi, moveTaskViaApi, statusesViaApi } from './support/cards';
import { createProjectViaApi, registerAccount, signIn } from './support/projects';
import { startWebhookReceiver } from './support/webhook-receiver';

test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

test('on a phone the delivery log fits the screen: each delivery shows its figures, and Redeliver is in reach', async ({
  page,
  request,
}) => {
  const receiver = await startWebhookReceiver();
  try {
    const owner = await registerAccount(request, 'webhooks-phone', 'Pia Pocket');
    const project = await createProjectViaApi(request, owner, 'Pocket relay');
    const card = await createCardViaApi(request, owner, project.id, 'Tide tables');
    const task = await createTaskViaApi(request, owner, card.id, { title: 'Print the tables' });
    const inProgress = (await statusesViaApi(request, owner, project.id)).find(
      (status) => status.name === 'In progress',
    );
    if (!inProgress) throw new Error('The project has no In progress column');
    const created = await request.post(`/api/projects/${project.id}/webhooks`, {
      headers: { Authorization: `Bearer ${owner.token}` },
      data: { url: receiver.url, events: ['task.moved'] },
    });
    expect(created.status()).toBe(201);
    await moveTaskViaApi(request, owner, task.id, inProgress.id);
    await expect.poll(() => receiver.requests.length).toBe(1);

    await signIn(page, owner);
    await page.goto(`/${project.id}/settings`);
    await page.getByRole('region', { name: 'Webhooks' }).getByRole('button', { name: 'Deliveries' }).click();
    const log = page.getByRole('dialog', { name: 'Deliveries' });
    const delivery = log.getByRole('row').filter({ hasText: 'task.moved' });
    await expect(delivery).toContainText('Succeeded');
    await expect(delivery).toContainText(/Code 200 · \d+ ms · 1 attempt · /);
    // The table scrolls sideways only when it is wider than the dialog; here it must not need to.
    const table = log.getByRole('table');
    expect(await table.evaluate((element) => element.scrollWidth <= (element.parentElement?.clientWidth ?? 0))).toBe(
      true,
    );
    const redeliver = delivery.getByRole('button', { name: 'Redeliver' });
    await expect(redeliver).toBeInViewport({ ratio: 1 });
    await expect(delivery.getByRole('button', { name: 'Details' })).toBeInViewport({ ratio: 1 });
    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual(
      [],
    );

    await redeliver.tap();
    await expect.poll(() => receiver.requests.length).toBe(2);
    expect(receiver.requests[1]?.headers['webhook-id']).toBe(receiver.requests[0]?.headers['webhook-id']);
    await expect(delivery).toContainText(/Code 200 · \d+ ms · 2 attempts · /);
  } finally {
    await receiver.close();
  }
});
