import { combine } from '@atlaskit/pragmatic-drag-and-drop/combine';
import { monitorForElements } from '@atlaskit/pragmatic-drag-and-drop/element/adapter';
import { autoScrollForElements } from '@atlaskit/pragmatic-drag-and-drop-auto-scroll/element';
import type { MoveTaskInput } from '@deckhand/contract/tasks';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ClientBoard } from '../api';
import { dropPlaceOf, isTaskDrag } from './drag-data';
import { type DropPlace, moveInputForDrop } from './drop-place';
import { LongPressDrag } from './long-press-drag';
import { createTouchDragStore } from './touch-drag-store';

/**
 * Moving tasks by dragging them on `board` (the element that scrolls the columns): with a mouse through
 * pragmatic-drag-and-drop, with a finger by a long press. Both land through the same `moveTask`. `mouseDragging` is
 * true while a mouse drag is under way; `touchDrag` is the store of a touch drag, for the tiles and the preview.
 */
export function useBoardDrag(
  board: HTMLElement | null,
  data: ClientBoard | undefined,
  moveTask: (taskId: string, input: MoveTaskInput) => void,
) {
  const latest = useRef(data);
  useEffect(() => {
    latest.current = data;
  });
  const [mouseDragging, setMouseDragging] = useState(false);
  const [touchDrag] = useState(createTouchDragStore);

  const drop = useCallback(
    (taskId: string, place: DropPlace | null) => {
      const input = latest.current && moveInputForDrop(latest.current, taskId, place);
      if (input) moveTask(taskId, input);
    },
    [moveTask],
  );

  useEffect(
    () =>
      combine(
        monitorForElements({
          canMonitor: ({ source }) => isTaskDrag(source.data),
          onDragStart: () => setMouseDragging(true),
          onDrop: ({ source, location }) => {
            setMouseDragging(false);
            if (!isTaskDrag(source.data)) return;
            drop(source.data.taskId, dropPlaceOf(location.current.dropTargets[0]?.data));
          },
        }),
        ...(board
          ? [autoScrollForElements({ element: board, canScroll: ({ source }) => isTaskDrag(source.data) })]
          : []),
      ),
    [board, drop],
  );
  useEffect(() => (board ? new LongPressDrag(board, touchDrag, drop).attach() : undefined), [board, touchDrag, drop]);

  return { mouseDragging, touchDrag };
}
