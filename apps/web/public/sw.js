/*
 * Deckhand's service worker, served as is at /sw.js (scope /) and registered by the signed-in app
 * (src/app/service-worker.ts). Plain JavaScript on purpose: Vite copies public/ unchanged, and the server sends
 * it with Cache-Control: no-cache, so a new deploy is picked up on the next visit.
 *
 * - push: the server's payload is {title, message, url, notification_id} (contract PushPayload); it is shown as a
 *   browser notification that opens `url` when clicked. A payload {type: 'navigate', url} moves the open app
 *   instead (spec §2).
 * - notificationclick: focuses an open window of the app and tells it to go to the url, or opens a new one.
 * - message: {type: 'navigate', url} posted to this worker is passed on to every window of the app, which then
 *   navigates (spec §2: "a message of type navigate … makes the browser go to the url the message carries").
 *
 * It has no fetch handler: the app is never served from a cache, so a deploy cannot leave anyone on stale code.
 */

const icon = '/favicon.svg';

self.addEventListener('install', () => {
  // Nothing to precache: take over from an older version straight away.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Control pages that are already open, so their navigate messages arrive without a reload.
  event.waitUntil(self.clients.claim());
});

/** The url as an address of this site, or null for another site or no url at all (messages from pages). */
function sameOriginUrl(url) {
  if (typeof url !== 'string' || url === '') return null;
  try {
    const parsed = new URL(url, self.location.origin);
    return parsed.origin === self.location.origin ? parsed.href : null;
  } catch {
    return null; // not a URL: nowhere to go
  }
}

/**
 * The url the server sent (PUBLIC_URL plus an app route) as an address of this site: its path is an app route
 * even when people reach the server under another name than PUBLIC_URL.
 */
function appUrl(url) {
  const fallback = new URL('/dashboard', self.location.origin).href;
  if (typeof url !== 'string' || url === '') return fallback;
  try {
    const parsed = new URL(url, self.location.origin);
    // Copied part by part onto this origin: a path like //host must not become another site.
    const target = new URL(self.location.origin);
    target.pathname = parsed.pathname;
    target.search = parsed.search;
    target.hash = parsed.hash;
    return target.href;
  } catch {
    return fallback; // not a URL: the dashboard is the app's fallback route (spec §9)
  }
}

function appWindows() {
  return self.clients.matchAll({ type: 'window', includeUncontrolled: true });
}

async function tellWindowsToNavigate(target) {
  for (const client of await appWindows()) client.postMessage({ type: 'navigate', url: target });
}

function readPayload(data) {
  if (!data) return null;
  try {
    const payload = data.json();
    return payload !== null && typeof payload === 'object' ? payload : null;
  } catch {
    return null; // not JSON, so not from Deckhand's server: nothing to show
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  if (!payload) return;
  if (payload.type === 'navigate') {
    event.waitUntil(tellWindowsToNavigate(appUrl(payload.url)));
    return;
  }
  if (typeof payload.title !== 'string') return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: typeof payload.message === 'string' ? payload.message : '',
      icon,
      tag: typeof payload.notification_id === 'string' ? payload.notification_id : undefined,
      data: { url: appUrl(payload.url) },
    }),
  );
});

async function openInApp(url) {
  const target = appUrl(url);
  const windows = await appWindows();
  const existing = windows.find((client) => client.focused) ?? windows[0];
  if (!existing) {
    await self.clients.openWindow(target);
    return;
  }
  // The page navigates itself (its router keeps state); focusing may be refused, the message still goes.
  const client = await existing.focus().catch(() => existing);
  client.postMessage({ type: 'navigate', url: target });
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openInApp(event.notification.data?.url));
});

self.addEventListener('message', (event) => {
  const message = event.data;
  if (message === null || typeof message !== 'object' || message.type !== 'navigate') return;
  const target = sameOriginUrl(message.url);
  if (target) event.waitUntil(tellWindowsToNavigate(target));
});
