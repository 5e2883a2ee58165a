import { extractClosestEdge } from '@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge/extract-closest-edge';
import type { Edge } from '@atlaskit/pragmatic-drag-and-drop-hitbox/types';
import type { DropPlace } from './drop-place';

/** What a dragged task carries, and what the places it can land on say about themselves. */
export type TaskDragData = {
  [key: string | symbol]: unknown;
  type: 'task' | 'task-target';
  taskId: string;
  statusId: string;
};

export function isTaskDrag(data: Record<string | symbol, unknown>): data is TaskDragData {
  return data.type === 'task' && typeof data.taskId === 'string' && typeof data.statusId === 'string';
}

export function isTaskTarget(data: Record<string | symbol, unknown>): data is TaskDragData {
  return data.type === 'task-target' && typeof data.taskId === 'string' && typeof data.statusId === 'string';
}

export function isColumnTarget(
  data: Record<string | symbol, unknown>,
): data is { [key: string | symbol]: unknown; type: 'column'; statusId: string } {
  return data.type === 'column' && typeof data.statusId === 'string';
}

/** The place a mouse drag is over, from the data of the innermost drop target under the pointer. */
export function dropPlaceOf(data: Record<string | symbol, unknown> | undefined): DropPlace | null {
  if (!data) return null;
  if (isTaskTarget(data)) {
    return { type: 'task', taskId: data.taskId, statusId: data.statusId, edge: extractClosestEdge(data) };
  }
  if (isColumnTarget(data)) return { type: 'column', statusId: data.statusId };
  return null;
}

export type { Edge };
