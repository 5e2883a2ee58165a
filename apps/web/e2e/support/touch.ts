import type { Locator, Page } from '@playwright/test';

export interface Point {
  x: number;
  y: number;
}

/** One finger on the page. Playwright's touchscreen only taps; this presses, moves and lifts as separate steps. */
export interface Finger {
  down(at: Point): Promise<void>;
  move(to: Point): Promise<void>;
  up(): Promise<void>;
}

/** A finger driven through the DevTools protocol, whose touch events go through Chromium's own gesture handling. */
export async function fingerOn(page: Page): Promise<Finger> {
  const cdp = await page.context().newCDPSession(page);
  return {
    down: async ({ x, y }) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    },
    move: async ({ x, y }) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    },
    up: async () => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    },
  };
}

/** The middle of what `locator` shows, in the page's coordinates. */
export async function centerOf(locator: Locator): Promise<Point> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not shown`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
