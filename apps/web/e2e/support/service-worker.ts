import { type BrowserContext, expect, type Page, type Worker } from '@playwright/test';

/** Waits for the app's service worker to be active and returns its scope. */
export async function serviceWorkerScope(page: Page): Promise<string> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
}

/**
 * Delivers a push message to the page's service worker the way DevTools' "Push" button does: Chromium dispatches a
 * real `push` event to the worker with these bytes, without a push service (there is none reachable here).
 */
export async function deliverPush(page: Page, payload: object): Promise<void> {
  const scope = await serviceWorkerScope(page);
  const cdp = await page.context().newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((candidate) => candidate.scopeURL === scope && !candidate.isDeleted);
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(scope).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  await cdp.detach();
}

/** The browser notifications the service worker shows now, as title, body, tag and the url a click opens. */
export async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const notifications = await registration.getNotifications();
    return notifications.map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      url: String(notification.data?.url),
    }));
  });
}

export async function expectControlledBy(page: Page, scriptPath: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toBe(new URL(scriptPath, page.url()).href);
}

const isAppWorker = (worker: Worker) => new URL(worker.url()).pathname === '/sw.js';

/** The app's running service worker, as Playwright sees it (it may report one a moment after the page has it). */
async function appServiceWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers().find(isAppWorker) ?? context.waitForEvent('serviceworker', isAppWorker);
}

/**
 * Starts counting, in the app's running service worker, the notifications whose `showNotification()` has resolved,
 * and returns a function that waits until `count` of them have been.
 *
 * Read notifications only after that: Chromium's `getNotifications()` deletes from its database every stored
 * notification the platform does not report as displayed yet (unless created after the read began), so a read racing
 * a notification being shown loses it for good (content/browser/notifications/platform_notification_context_impl.cc,
 * DoReadAllNotificationDataForServiceWorkerRegistration). Polling `getNotifications()` while a push was being shown
 * failed a CI run that way.
 */
export async function countShownNotifications(context: BrowserContext): Promise<(count: number) => Promise<void>> {
  const worker = await appServiceWorker(context);
  await worker.evaluate(() => {
    // The worker's own globals; the e2e tsconfig has the DOM's types, not the WebWorker ones.
    const scope = globalThis as unknown as { registration: ServiceWorkerRegistration; shownByTest: number };
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.shownByTest = 0;
    scope.registration.showNotification = async (title, options) => {
      await show(title, options);
      scope.shownByTest += 1;
    };
  });
  return async (count) => {
    await expect
      .poll(() => worker.evaluate(() => (globalThis as unknown as { shownByTest: number }).shownByTest))
      .toBe(count);
  };
}

/** Dispatches `notificationclick` in the app's service worker for the first notification it shows. */
export async function clickShownNotification(context: BrowserContext): Promise<void> {
  await (await appServiceWorker(context)).evaluate(async () => {
    interface WorkerScope {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      dispatchEvent(event: Event): boolean;
    }
    const scope = globalThis as unknown as WorkerScope;
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('The service worker shows no notification');
    scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
  });
}
