import type { Page } from '@playwright/test';

/**
 * Holds the page's animation frames until the returned function is called, as when a loaded machine draws late:
 * what the page does "on the next frame" has not happened yet while the test types. The returned function lets
 * the held frames run and resolves once they have.
 */
export async function holdAnimationFrames(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const held: FrameRequestCallback[] = [];
    const requestFrame = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (callback) => {
      held.push(callback);
      return 0;
    };
    Object.assign(window, {
      releaseHeldFrames: () =>
        new Promise<void>((resolve) => {
          window.requestAnimationFrame = requestFrame;
          for (const callback of held.splice(0)) requestFrame(callback);
          requestFrame(() => resolve());
        }),
    });
  });
  return () =>
    page.evaluate(() => (window as Window & { releaseHeldFrames?: () => Promise<void> }).releaseHeldFrames?.());
}
