import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

function Static() {
  return null;
}

describe('lazyPage', () => {
  it('fetches its code once, however often it is asked', async () => {
    let fetches = 0;
    const page = lazyPage(async () => {
      fetches += 1;
      return Static;
    });
    const fetching = page.preload();
    expect(page.preload()).toBe(fetching);
    expect(await fetching).toBe(Static);
    // Here: nothing left to wait for.
    expect(page.preload()).toBeNull();
    expect(fetches).toBe(1);
  });

  it('keeps a failed fetch failed, since what mends a lost chunk is the reload the error page offers', async () => {
    let fetches = 0;
    const page = lazyPage(async () => {
      fetches += 1;
      throw new Error('Failed to fetch dynamically imported module');
    });
    await expect(page.preload()).rejects.toThrow('Failed to fetch');
    await expect(page.preload()).rejects.toThrow('Failed to fetch');
    expect(fetches).toBe(1);
  });
});
