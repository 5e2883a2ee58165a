import type { DeliveryStatus } from '@deckhand/contract/webhooks';

/** How often an open delivery log asks again while an attempt is under way or about to be. */
export const deliveryPollIntervalMs = 2_000;

/**
 * How far ahead a pending delivery's next attempt may be and still keep the log polling. A retry hours away (the
 * schedule grows to 10 h) would otherwise poll for as long as the log stays open; Refresh covers those.
 */
export const deliveryPollHorizonMs = 30_000;

/**
 * The log's refetch interval: `deliveryPollIntervalMs` while a loaded delivery is pending and due within the
 * horizon (or has no due time), else false.
 */
export function deliveryPollMs(
  deliveries: readonly { status: DeliveryStatus; nextAttemptAt: string | null }[],
  nowMs: number,
): number | false {
  const dueSoon = deliveries.some(
    (delivery) =>
      delivery.status === 'pending' &&
      (delivery.nextAttemptAt === null || Date.parse(delivery.nextAttemptAt) <= nowMs + deliveryPollHorizonMs),
  );
  return dueSoon ? deliveryPollIntervalMs : false;
}
