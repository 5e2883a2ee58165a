import type { CreatedWebhook, DeliveryPage, WebhookDelivery } from '@deckhand/contract/webhooks';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { webhooks } from '../../src/db/schema/webhooks';
import { callOk } from './api-call';
import { createTeam, type Team } from './projects';
import { createTestApp, type TestApp, type TestUser } from './test-app';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

/** The app settings webhook tests run with: the loopback receiver allowed, and retries a fifth of a second apart. */
export const webhookTestEnv = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '0.2,0.2,0.2,0.2,0.2,0.2' };

export function addWebhook(
  t: TestApp,
  user: TestUser,
  projectId: string,
  body: { url: string; events: string[]; description?: string },
): Promise<CreatedWebhook> {
  return callOk<CreatedWebhook>(t, user, 'POST', `/api/projects/${projectId}/webhooks`, body);
}

export async function deliveriesOf(t: TestApp, user: TestUser, webhookId: string): Promise<WebhookDelivery[]> {
  return (await callOk<DeliveryPage>(t, user, 'GET', `/api/webhooks/${webhookId}/deliveries?limit=100`)).items;
}

/** Waits until the receiver holds `count` requests (deliveries leave within a second of their event). */
export async function receivedCount(receiver: WebhookReceiver, count: number, timeout = 5000): Promise<void> {
  await expect.poll(() => receiver.received.length, { timeout }).toBeGreaterThanOrEqual(count);
}

/**
 * A webhook test file's app, with a team's project made before its tests; after each test its webhooks are removed
 * (none left to receive the next test's events) and the receivers it started are closed.
 */
export function webhookTestWorld(projectName: string) {
  let world: { t: TestApp; team: Team; statuses: { id: string; name: string }[] } | undefined;
  const receivers: WebhookReceiver[] = [];
  beforeAll(async () => {
    const t = await createTestApp(webhookTestEnv);
    const team = await createTeam(t, projectName);
    world = { t, team, statuses: await callOk(t, team.owner, 'GET', `/api/projects/${team.projectId}/statuses`) };
  });
  afterAll(() => world?.t.close());
  afterEach(async () => {
    for (const receiver of receivers.splice(0)) await receiver.close();
    if (world) await world.t.database.db.delete(webhooks).where(eq(webhooks.projectId, world.team.projectId));
  });
  const get = () => {
    if (!world) throw new Error('the webhook test app is made in beforeAll');
    return world;
  };
  return {
    get t() {
      return get().t;
    },
    get team() {
      return get().team;
    },
    statusId: (name: string) => get().statuses.find((status) => status.name === name)?.id ?? '',
    /** A task on a card of its own, made by the project's member. */
    async newTask(title: string) {
      const { t, team } = get();
      const card = await callOk(t, team.member, 'POST', `/api/projects/${team.projectId}/cards`, {
        title: `${title} card`,
      });
      return callOk(t, team.member, 'POST', `/api/cards/${card.id}/tasks`, { title });
    },
    /** A receiver for this test, closed after it. */
    async receive(): Promise<WebhookReceiver> {
      const receiver = await startWebhookReceiver();
      receivers.push(receiver);
      return receiver;
    },
  };
}
