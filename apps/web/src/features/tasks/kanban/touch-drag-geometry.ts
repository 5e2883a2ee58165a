import type { Edge } from '@atlaskit/pragmatic-drag-and-drop-hitbox/types';

/** How close to the board's left or right edge a dragged task must come to bring the next column into view. */
export const sideZonePx = 32;
/** Near the top or bottom of a column's list, the list scrolls under a dragged task, faster the closer it is. */
const endZonePx = 40;
const maxListStepPx = 12;

/** The half of a tile a finger is over: the dragged task lands before or after that tile. */
export function edgeAt(rect: { top: number; height: number }, y: number): Edge {
  return y < rect.top + rect.height / 2 ? 'top' : 'bottom';
}

/** Whether `x` is near the board's start (left) or end (right) edge. */
export function sideAt(rect: { left: number; right: number }, x: number): 'start' | 'end' | null {
  if (x < rect.left + sideZonePx) return 'start';
  if (x > rect.right - sideZonePx) return 'end';
  return null;
}

/**
 * How far to scroll the board so that the next column toward `side` starts at its left edge, given each column's
 * left edge relative to the board's; null when there is none. One column per step: the finger leaves the edge and
 * comes back for the next, so the column it means to drop on never slides away under it.
 */
export function columnStepPx(columnOffsets: readonly number[], side: 'start' | 'end'): number | null {
  // A pixel of slack: columns sit at fractional positions, and one already at the edge is not "next".
  const candidates = columnOffsets.filter((offset) => (side === 'end' ? offset > 1 : offset < -1));
  if (candidates.length === 0) return null;
  return side === 'end' ? Math.min(...candidates) : Math.max(...candidates);
}

/** How many pixels a column's list scrolls this frame with a dragged task at `y` (negative: up). */
export function listStepPx(rect: { top: number; bottom: number }, y: number): number {
  const fromTop = y - rect.top;
  const fromBottom = rect.bottom - y;
  if (fromTop < endZonePx) return -Math.round(maxListStepPx * Math.min(1, (endZonePx - fromTop) / endZonePx));
  if (fromBottom < endZonePx) return Math.round(maxListStepPx * Math.min(1, (endZonePx - fromBottom) / endZonePx));
  return 0;
}
