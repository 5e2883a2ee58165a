import type { Edge } from '@atlaskit/pragmatic-drag-and-drop-hitbox/types';
import type { MoveTaskInput } from '@deckhand/contract/tasks';

/** What a dragged task is over: a tile (and the half of it nearest), or a column outside its tiles. */
export type DropPlace =
  | { type: 'task'; taskId: string; statusId: string; edge: Edge | null }
  | { type: 'column'; statusId: string };

/**
 * The move a drop makes, whichever way the task was dragged: right before or after the tile it was over, or at the
 * end of the column. None when it lands on itself (it stays where it was) or on a column deleted meanwhile.
 */
export function moveInputForDrop(
  board: { statuses: readonly { id: string }[] },
  taskId: string,
  place: DropPlace | null,
): MoveTaskInput | undefined {
  if (!place) return undefined;
  if (place.type === 'column') {
    return board.statuses.some((status) => status.id === place.statusId) ? { status_id: place.statusId } : undefined;
  }
  if (place.taskId === taskId) return undefined;
  return place.edge === 'top'
    ? { status_id: place.statusId, before_id: place.taskId }
    : { status_id: place.statusId, after_id: place.taskId };
}

export function isSamePlace(a: DropPlace | null, b: DropPlace | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.type === 'column' || b.type === 'column') return a.type === b.type && a.statusId === b.statusId;
  return a.taskId === b.taskId && a.statusId === b.statusId && a.edge === b.edge;
}
