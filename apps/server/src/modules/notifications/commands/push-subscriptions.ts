import type { PushPayload, PushSubscriptionJson } from '@deckhand/contract/notifications';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { pushSubscriptions } from '../../../db/schema/notifications';
import { AppError } from '../../../platform/errors';
import { endpointRefusal } from '../../../platform/public-endpoint';

/**
 * Stores the caller's subscription. An endpoint is stored once: registering it again (after a
 * sign-in as someone else on the same browser) moves it to the new account.
 * @throws push/invalid-endpoint when the server may not send there (SSRF guard)
 */
export async function registerSubscription(deps: AppDeps, userId: string, subscription: PushSubscriptionJson) {
  const refusal = await endpointRefusal(subscription.endpoint, deps.config.pushEndpointHosts);
  if (refusal) throw new AppError('push/invalid-endpoint', `subscription.endpoint: ${refusal}`);
  const values = {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    updatedAt: new Date(),
  };
  await deps.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

/** @throws push/not-found when the caller has no subscription for this endpoint */
export async function unregisterSubscription(deps: AppDeps, userId: string, endpoint: string): Promise<void> {
  const rows = await deps.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  if (rows.length === 0) throw new AppError('push/not-found', 'No such subscription');
}

/**
 * Pushes to every browser of the user, in the background: a slow or failing push service never
 * delays or fails the request that caused the notification. Subscriptions the service reports gone
 * (404/410) are deleted.
 */
export function sendPushToUser(deps: AppDeps, userId: string, payload: PushPayload): void {
  void (async () => {
    const subscriptions = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
    await Promise.all(
      subscriptions.map(async (subscription) => {
        try {
          const result = await deps.push.deliver(subscription, payload);
          if (result === 'gone') {
            await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
          } else if (result !== 'delivered') {
            deps.log.warn({ result, subscriptionId: subscription.id }, 'push not delivered');
          }
        } catch (err) {
          deps.log.warn({ err, subscriptionId: subscription.id }, 'push failed');
        }
      }),
    );
  })().catch((err: unknown) => deps.log.error({ err }, 'push subscriptions could not be read'));
}
