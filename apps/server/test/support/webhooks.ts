import type { CreatedWebhook, DeliveryPage, WebhookDelivery } from '@deckhand/contract/webhooks';
import { expect } from 'vitest';
import { callOk } from './api-call';
import type { TestApp, TestUser } from './test-app';
import type { WebhookReceiver } from './webhook-receiver';

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
