import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { z } from 'zod';
import type { ApiAccount } from './projects';

const SearchPage = z.object({ items: z.array(z.object({ type: z.string(), id: z.string(), title: z.string() })) });

/** What the search API finds for `account`. */
export async function searchViaApi(request: APIRequestContext, account: ApiAccount, q: string) {
  const response = await request.get(`/api/search?${new URLSearchParams({ q }).toString()}`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(response.status()).toBe(200);
  return SearchPage.parse(await response.json()).items;
}

/**
 * Waits until searching `q` finds something of `type` and returns its id. The index follows writes in batches, so
 * a test asks the API first; from then on the palette finds it too.
 */
export async function waitForResult(
  request: APIRequestContext,
  account: ApiAccount,
  q: string,
  type: 'card' | 'task' | 'message' | 'file',
): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        id = (await searchViaApi(request, account, q)).find((item) => item.type === type)?.id ?? '';
        return id;
      },
      { message: `searching “${q}” finds a ${type}` },
    )
    .not.toBe('');
  return id;
}

/** The open Search dialog and its field. */
export function palette(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Search' });
  return { dialog, field: dialog.getByRole('combobox', { name: 'Search or jump to…' }) };
}

/** Opens the palette with its shortcut, once the signed-in header (which binds it) is there. */
export async function openPaletteWithShortcut(page: Page) {
  await expect(page.getByRole('banner').getByRole('button', { name: 'Search' })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+K');
  const opened = palette(page);
  await expect(opened.field).toBeFocused();
  return opened;
}
