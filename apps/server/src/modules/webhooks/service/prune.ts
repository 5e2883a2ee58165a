import { webhookLimits } from '@deckhand/contract/webhooks';
import { lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookDeliveries } from '../../../db/schema/webhooks';

const dayMs = 24 * 60 * 60 * 1000;

/** Removes deliveries made more than 14 days before `now`, whatever their state. @returns how many */
export async function pruneDeliveries(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - webhookLimits.deliveriesKeptDays * dayMs);
  const gone = await db
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.createdAt, before))
    .returning({ id: webhookDeliveries.id });
  return gone.length;
}
