import { expect, type Page } from '@playwright/test';

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
