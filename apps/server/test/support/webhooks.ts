import type { CreatedWebhook, DeliveryPage, WebhookDelivery } from '@deckhand/contract/webhooks';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { webhooks } from '../../src/db/schema/webhooks';
import { callOk } from './api-call';
import { createTeam, type Team } from './projects';
import { createTestApp, type TestApp, type TestUser } from './test-app';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

/** The app settings webhook tests run with: the loopback receiver allowed, and retries a fifth of a second apart. */
export const webhookTestEnv = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', WEBHOOK_RETRY_SCHEDULE: '0.2,0.2,0.2,0.2,0.2,0.2' };

export interface WebhookProject {
  t: TestApp;
  team: Team;
  /** A column's id by its name (the new project's To do, In progress, Done). */
  statusId(name: string): string;
  /** A task on a new card, made by the team's member. */
  newTask(title: string): Promise<{ id: string }>;
}

/** An app with webhook test settings and a team's project, for one webhook test file. */
export async function setUpWebhookProject(): Promise<WebhookProject> {
  const t = await createTestApp(webhookTestEnv);
  const team = await createTeam(t, 'Hooked project');
  const statuses = await callOk<{ id: string; name: string }[]>(
    t,
    team.owner,
    'GET',
    `/api/projects/${team.projectId}/statuses`,
  );
  // The team's history (project.created, member.added…) is written in batches behind the answers; a webhook the
  // first test adds must not be handed it. Events reach the webhooks in order: once a card made now has been
  // delivered, everything before it has been handed on.
  const witness = await startWebhookReceiver();
  const hook = await addWebhook(t, team.owner, team.projectId, { url: witness.url(), events: ['card.created'] });
  await callOk(t, team.owner, 'POST', `/api/projects/${team.projectId}/cards`, { title: 'Before the tests' });
  await witness.waitForRequests(1, 10_000);
  await witness.close();
  await t.database.db.delete(webhooks).where(eq(webhooks.id, hook.id));
  return {
    t,
    team,
    statusId: (name) => statuses.find((status) => status.name === name)?.id ?? '',
    async newTask(title) {
      const card = await callOk(t, team.member, 'POST', `/api/projects/${team.projectId}/cards`, {
        title: `${title} card`,
      });
      return callOk(t, team.member, 'POST', `/api/cards/${card.id}/tasks`, { title });
    },
  };
}

/** After each test: its webhooks go, so none is left to receive the next test's events. */
export async function removeProjectWebhooks(t: TestApp, projectId: string): Promise<void> {
  await t.database.db.delete(webhooks).where(eq(webhooks.projectId, projectId));
}

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
