import type { Page } from '@playwright/test';

/** A kanban column: a region named after its status. */
export function column(page: Page, name: string) {
  return page.getByRole('region', { name, exact: true });
}

/** A task's tile in a column. */
export function tile(page: Page, columnName: string, title: string) {
  return column(page, columnName).getByRole('listitem').filter({ hasText: title });
}

/**
 * Scrolls the whole board into view first: dragTo scrolls to its target after pressing the mouse on the source,
 * and Chromium takes what is under the pointer by then as the dragged element.
 */
export async function showBoard(page: Page): Promise<void> {
  await column(page, 'To do').evaluate((element) => element.scrollIntoView({ block: 'center' }));
}

/** The strip of columns: the element that scrolls sideways when they do not fit, rather than the page. */
export function columnStrip(page: Page) {
  return column(page, 'To do').locator('xpath=..');
}
