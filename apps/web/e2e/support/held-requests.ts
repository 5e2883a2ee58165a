import type { Page } from '@playwright/test';

/**
 * Holds every request matching `pattern` at the network until the returned function is called: a slow connection,
 * on cue, to see what the page shows meanwhile.
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
