import type { DropPlace } from './drop-place';
import { edgeAt } from './touch-drag-geometry';

// A finger is only a point: the touch drag finds the tile, the column and the list under it by these attributes, where
// pragmatic-drag-and-drop (mouse drags) keeps its own register of drop targets.

/** Marks a tile that can be picked up and dropped on. */
export function tileTarget(taskId: string, statusId: string) {
  return { 'data-drag-task': taskId, 'data-drag-status': statusId };
}

/** Marks a column (dropping on it, outside its tiles, sends a task to its end). */
export function columnTarget(statusId: string) {
  return { 'data-drag-column': statusId };
}

/** Marks a column's scrolling list of tiles. */
export const columnListTarget = { 'data-drag-list': '' };

/** The tile a touch began on, unless it began on a control that opens a menu. */
export function findTileOf(target: EventTarget | null): { element: HTMLElement; taskId: string } | null {
  if (!(target instanceof Element) || target.closest('[aria-haspopup]')) return null;
  const element = target.closest<HTMLElement>('[data-drag-task]');
  const taskId = element?.dataset.dragTask;
  return element && taskId ? { element, taskId } : null;
}

/** What a dragged task would land on at (x, y). */
export function findPlaceAt(x: number, y: number): DropPlace | null {
  const under = document.elementFromPoint(x, y);
  const tile = under?.closest<HTMLElement>('[data-drag-task]');
  const { dragTask, dragStatus } = tile?.dataset ?? {};
  if (tile && dragTask && dragStatus) {
    return { type: 'task', taskId: dragTask, statusId: dragStatus, edge: edgeAt(tile.getBoundingClientRect(), y) };
  }
  const statusId = under?.closest<HTMLElement>('[data-drag-column]')?.dataset.dragColumn;
  return statusId ? { type: 'column', statusId } : null;
}

/** The list of the column at (x, y), which scrolls when a dragged task nears its ends. */
export function findListAt(x: number, y: number): HTMLElement | null {
  return (
    document.elementFromPoint(x, y)?.closest('[data-drag-column]')?.querySelector<HTMLElement>('[data-drag-list]') ??
    null
  );
}

/** Each column's left edge, relative to the board's. */
export function columnOffsets(board: HTMLElement): number[] {
  const left = board.getBoundingClientRect().left;
  return [...board.querySelectorAll('[data-drag-column]')].map((column) => column.getBoundingClientRect().left - left);
}
