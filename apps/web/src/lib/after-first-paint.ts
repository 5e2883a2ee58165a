/**
 * Resolves once the page has painted its first content and then the browser has a moment to spare: the time to fetch
 * what the page does not need to be shown, so that it does not compete with what it does.
 */
export async function afterFirstPaint(): Promise<void> {
  await Promise.race([firstContentfulPaint(), wait(paintFallbackMs)]);
  await idle();
}

/** A page that paints no text or image (a loader that never ends) still gets there after this long. */
const paintFallbackMs = 5000;
/** And a page that is never idle, this long after its first paint. */
const idleTimeoutMs = 2000;

function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    // Browsers without paint timing: the page was rendered before this ran, which is the next best thing.
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    // `buffered` replays a paint that happened before this observer existed.
    observer.observe({ type: 'paint', buffered: true });
  });
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: idleTimeoutMs });
    else setTimeout(resolve, 0);
  });
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
