// Records every script a browser context requests (module preloads, dynamic imports, a service worker's script) at
// its compressed size on the wire, until the page has gone quiet.
import { setTimeout as delay } from 'node:timers/promises';

/**
 * How long no script may start or finish before the page counts as idle. After 'networkidle' (500 ms without
 * requests) this catches what the app loads from requestIdleCallback or once an earlier chunk has run.
 */
const quietMs = 1000;
const pollMs = 50;
const idleTimeoutMs = 30_000;

/** Size as sent and encoding of a finished script request (a failed or non-200 one fails the measurement). */
async function describeScript(request) {
  const response = await request.response();
  if (response?.status() !== 200) throw new Error(`${request.url()} answered ${response?.status()}`);
  const sizes = await request.sizes();
  // Chromium reports no body size for a service worker's script, which it fetches on the worker's behalf: there the
  // Content-Length (the encoded body's) stands in.
  const contentLength = Number((await response.headerValue('content-length')) ?? 0);
  return {
    url: request.url(),
    path: new URL(request.url()).pathname,
    // The body as it crossed the wire, before Chromium decodes it: brotli or gzip when the server compressed it.
    sentBytes: sizes.responseBodySize || contentLength,
    headerBytes: sizes.responseHeadersSize,
    encoding: (await response.headerValue('content-encoding')) ?? 'identity',
    startEpochMs: request.timing().startTime,
  };
}

/** Starts listening on `context`, before the page is opened, so that the entry's own request is seen too. */
export function watchScripts(context) {
  const pending = new Set();
  const described = [];
  const failures = [];
  let lastActivity = performance.now();

  context.on('request', (request) => {
    // blob: and data: scripts are made in the page and never cross the wire; a worker's own script (session
    // replay's compression worker) is a request like any other and counts.
    if (request.resourceType() !== 'script' || !/^https?:/.test(request.url())) return;
    pending.add(request);
    lastActivity = performance.now();
  });
  context.on('requestfinished', (request) => {
    if (!pending.has(request)) return;
    described.push(
      describeScript(request).finally(() => {
        pending.delete(request);
        lastActivity = performance.now();
      }),
    );
  });
  context.on('requestfailed', (request) => {
    if (!pending.delete(request)) return;
    failures.push(`${request.url()}: ${request.failure()?.errorText}`);
  });

  return {
    /**
     * Waits until the page has run its idle callbacks and no script has started or finished for `quietMs`;
     * resolves to the scripts in request order, each marked before or after the first contentful paint.
     */
    async untilIdle(page) {
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(undefined))));
      const deadline = performance.now() + idleTimeoutMs;
      while (pending.size > 0 || performance.now() - lastActivity < quietMs) {
        if (performance.now() > deadline) throw new Error(`scripts still loading after ${idleTimeoutMs} ms`);
        await delay(pollMs);
      }
      if (failures.length > 0) throw new Error(`scripts failed to load:\n${failures.join('\n')}`);
      const { timeOrigin, firstPaint } = await page.evaluate(() => ({
        timeOrigin: performance.timeOrigin,
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      }));
      if (firstPaint === undefined) throw new Error(`${page.url()} had no first contentful paint`);
      const scripts = (await Promise.all(described))
        .map((script) => {
          const startMs = script.startEpochMs - timeOrigin;
          return { ...script, startMs, beforePaint: startMs < firstPaint };
        })
        .sort((a, b) => a.startMs - b.startMs);
      return { scripts, firstPaintMs: firstPaint };
    },
  };
}
