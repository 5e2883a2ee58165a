import type { Edge } from '@atlaskit/pragmatic-drag-and-drop-hitbox/types';

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

export type { Edge };
