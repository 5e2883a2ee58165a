import { type WebhookDelivery, type WebhookPayload, webhookPingEvent } from '@deckhand/contract/webhooks';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { webhookDeliveries } from '../../../db/schema/webhooks';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { requireManagedWebhook } from '../service/access';
import { deliveryIdAt } from '../service/enqueue';
import { deliveryDto } from '../service/webhook-dto';

/**
 * Sends a delivery once more, with the same `webhook-id` and body: it is pending again, due now (the caller sends
 * it). Its attempts count on, so a redelivery that fails is not retried on the schedule again.
 * @throws webhooks/not-found (the webhook's or the delivery's), webhooks/forbidden
 */
export async function redeliver(
  deps: Pick<AppDeps, 'db'>,
  actor: Actor,
  webhookId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  await requireManagedWebhook(deps.db, actor, webhookId);
  const [row] = await deps.db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: new Date() })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.webhookId, webhookId)))
    .returning();
  if (!row) throw new AppError('webhooks/not-found', 'No such delivery');
  return deliveryDto(row);
}

/**
 * Queues a `ping` to the webhook, whatever events it wants: a way to check the receiver and its signature check.
 * @throws webhooks/not-found, webhooks/forbidden
 */
export async function sendPing(deps: Pick<AppDeps, 'db'>, actor: Actor, webhookId: string): Promise<WebhookDelivery> {
  const webhook = await requireManagedWebhook(deps.db, actor, webhookId);
  const payload: WebhookPayload = {
    type: webhookPingEvent,
    timestamp: new Date().toISOString(),
    data: { webhook_id: webhook.id, project_id: webhook.projectId, url: webhook.url },
  };
  const [row] = await deps.db
    .insert(webhookDeliveries)
    .values({
      // From the clock, as every delivery's id: the dispatcher sends an id once its time has passed, and a plain
      // uuidv7() keeps counting from the latest time it has seen, which may be ahead of the clock.
      id: deliveryIdAt(Date.now()),
      webhookId,
      event: webhookPingEvent,
      requestBody: JSON.stringify(payload),
      nextAttemptAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('the ping was not stored');
  return deliveryDto(row);
}
