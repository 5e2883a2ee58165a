import { PushSubscriptionJson } from '@deckhand/contract/notifications';
import { fetchVapidPublicKey, registerPushSubscription, unregisterPushSubscription } from './api';
import { isSameKey, urlBase64ToUint8Array } from './push-key';

/** "Not now" on the prompt is remembered for this browser under this key. */
const promptDismissedKey = 'push-prompt-dismissed';

/** Whether this browser can receive pushes at all (a secure context with a service worker and the Push API). */
export function isPushSupported(): boolean {
  return window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export function isPushPromptDismissed(): boolean {
  try {
    return window.localStorage.getItem(promptDismissedKey) !== null;
  } catch {
    // Storage disabled: the prompt cannot be remembered as dismissed, so it is not shown at all.
    return true;
  }
}

export function dismissPushPrompt(): void {
  try {
    window.localStorage.setItem(promptDismissedKey, new Date().toISOString());
  } catch (error) {
    console.warn('Push: the prompt could not be remembered as dismissed', error);
  }
}

async function currentSubscription(registration: ServiceWorkerRegistration, key: Uint8Array) {
  const existing = await registration.pushManager.getSubscription();
  // Spec §7: an existing subscription is reused, unless it was made for another server key (keys were replaced).
  if (existing && isSameKey(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  return null;
}

/**
 * Makes sure the server can push to this browser: reuses the subscription this browser has, or subscribes, then
 * registers it (`POST /push/register`). Call only once notification permission is granted.
 * @throws when the push service, the service worker or the server refuses; callers log it (spec §8).
 */
export async function syncPushSubscription(): Promise<void> {
  const key = urlBase64ToUint8Array(await fetchVapidPublicKey());
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await currentSubscription(registration, key)) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  await registerPushSubscription({ subscription: PushSubscriptionJson.parse(subscription.toJSON()) });
}

/**
 * At sign-out: the server stops pushing this person's notifications to this browser. The browser keeps its
 * subscription, so whoever signs in next reuses it.
 */
export async function forgetPushSubscription(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) await unregisterPushSubscription(subscription.endpoint);
}
