import { webhookLimits } from '@deckhand/contract/webhooks';
import { lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { webhookDeliveries } from '../../../db/schema/webhooks';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * The smallest UUIDv7 of the millisecond `at`: every id made at `at` or later is not below it. UUIDs compare byte
 * by byte, and a v7 id starts with its 48-bit time.
 */
export function firstUuidv7At(at: Date): string {
  const time = at.getTime().toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7000-8000-000000000000`;
}

/**
 * Removes deliveries made more than 14 days before `now`, whatever their state. By id, whose UUIDv7 time is
 * when the delivery's event was seen (enqueue.ts): the primary key finds them, and no index on created_at has to
 * be written at every delivery and attempt only for this. @returns how many
 */
export async function pruneDeliveries(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - webhookLimits.deliveriesKeptDays * dayMs);
  const gone = await db
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.id, firstUuidv7At(before)))
    .returning({ id: webhookDeliveries.id });
  return gone.length;
}
