import type { PushPayload } from '@deckhand/contract/notifications';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { endpointRefusal } from './public-endpoint';
import { getOrCreateSecret } from './secrets';

export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type DeliveryResult = 'delivered' | 'gone' | 'refused' | 'failed';

export interface Push {
  /** urlsafe base64, as browsers want for `applicationServerKey`. */
  publicKey: string;
  /**
   * Encrypts (aes128gcm) and signs (VAPID) the payload and posts it to the push service.
   * 'gone' means the service answered 404/410: the subscription should be deleted.
   */
  deliver(subscription: StoredSubscription, payload: PushPayload): Promise<DeliveryResult>;
}

const VapidKeys = z.object({ publicKey: z.string(), privateKey: z.string() });
const sendTimeoutMs = 10_000;
/** How long a push service keeps an undelivered message for an offline browser. */
const timeToLiveSeconds = 24 * 60 * 60;

/** web-push is loaded when first needed (keys made on a first start, a push sent), not at every start. */
async function loadWebPush() {
  return (await import('web-push')).default;
}

/** VAPID keys come from VAPID_* when set, else are generated once and kept in the database. */
export async function createPush(db: Db, config: Config): Promise<Push> {
  const keys =
    config.vapid ??
    (await getOrCreateSecret(
      db,
      'vapid-keys',
      async () => (await loadWebPush()).generateVAPIDKeys(),
      (v) => VapidKeys.parse(v),
    ));
  const vapidDetails = { subject: config.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey };

  return {
    publicKey: keys.publicKey,
    async deliver(subscription, payload) {
      if (await endpointRefusal(subscription.endpoint, config.pushEndpointHosts)) return 'refused';
      // web-push only speaks https itself; it builds the request and fetch sends it (http for listed hosts).
      const request = (await loadWebPush()).generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        { vapidDetails, TTL: timeToLiveSeconds, contentEncoding: 'aes128gcm' },
      );
      // fetch sets Content-Length from the body; web-push's own copy made it a list that newer fetches refuse.
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: request.body ?? undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(sendTimeoutMs),
      });
      await response.body?.cancel();
      if (response.status === 404 || response.status === 410) return 'gone';
      return response.ok ? 'delivered' : 'failed';
    },
  };
}
