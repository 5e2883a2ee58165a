import type { DeliveryListQuery, DeliveryPage, Webhook } from '@deckhand/contract/webhooks';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookDeliveries, webhooks } from '../../../db/schema/webhooks';
import type { Actor } from '../../../platform/actor';
import { requireManagedWebhook, requireWebhookManager } from '../service/access';
import { deliveryDto, webhookDto } from '../service/webhook-dto';

/** The project's webhooks, oldest first, without their secrets. @throws projects/not-found, projects/forbidden */
export async function listWebhooks(db: Db, actor: Actor, projectId: string): Promise<Webhook[]> {
  await requireWebhookManager(db, actor, projectId);
  const rows = await db
    .select()
    .from(webhooks)
    .where(eq(webhooks.projectId, projectId))
    .orderBy(webhooks.createdAt, webhooks.id);
  return rows.map(webhookDto);
}

/** A webhook's deliveries, newest first, a page at a time. @throws webhooks/not-found, webhooks/forbidden */
export async function listDeliveries(
  db: Db,
  actor: Actor,
  webhookId: string,
  query: DeliveryListQuery,
): Promise<DeliveryPage> {
  await requireManagedWebhook(db, actor, webhookId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        query.cursor ? lt(webhookDeliveries.id, query.cursor) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map(deliveryDto);
  return { items, next_cursor: rows.length > query.limit ? (items.at(-1)?.id ?? null) : null };
}
