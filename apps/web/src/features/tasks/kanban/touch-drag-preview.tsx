import type { ClientBoard } from '../api';
import { useTouchDrag } from './touch-drag-store';

export interface TouchDragPreviewProps {
  board: ClientBoard;
}

/**
 * The task under the finger while it is dragged by touch, and a status line saying where it would land (a finger
 * covers the very spot it is over).
 */
export function TouchDragPreview({ board }: TouchDragPreviewProps) {
  const drag = useTouchDrag((current) => current);
  const task = drag && board.tasks.find((candidate) => candidate.id === drag.taskId);
  const over = drag?.place && board.statuses.find((status) => status.id === drag.place?.statusId);
  return (
    <>
      <p role="status" className="sr-only">
        {task ? `Moving “${task.title}”${over ? ` to ${over.name}` : ''}` : ''}
      </p>
      {drag && task ? (
        <div
          aria-hidden="true"
          className="pointer-events-none fixed z-50 rotate-2 rounded-lg border border-primary bg-bg p-2.5 text-sm font-medium break-words shadow-lg"
          style={{ left: drag.x - drag.grabX, top: drag.y - drag.grabY, width: drag.width }}
        >
          {task.title}
        </div>
      ) : null}
    </>
  );
}
