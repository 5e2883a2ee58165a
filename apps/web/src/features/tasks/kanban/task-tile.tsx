import { combine } from '@atlaskit/pragmatic-drag-and-drop/combine';
import { draggable, dropTargetForElements } from '@atlaskit/pragmatic-drag-and-drop/element/adapter';
import { attachClosestEdge } from '@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge/attach-closest-edge';
import { extractClosestEdge } from '@atlaskit/pragmatic-drag-and-drop-hitbox/closest-edge/extract-closest-edge';
import type { MoveTaskInput } from '@deckhand/contract/tasks';
import { memo, useEffect, useRef, useState } from 'react';
import { IconButton } from '../../../ui/icon-button';
import { Menu } from '../../../ui/menu';
import { MenuItem } from '../../../ui/menu-item';
import { MenuSub } from '../../../ui/menu-sub';
import type { ProjectMember } from '../../projects/api';
import type { ClientBoardTask, ClientStatus } from '../api';
import { AssigneeAvatars, DueBadge, Labels, PriorityBadge } from '../task-meta';
import { type Edge, isTaskDrag, type TaskDragData } from './drag-data';
import { focusTaskAfterMove, takeFocusAfterMove } from './move-focus';
import { useTouchDrag } from './touch-drag-store';
import { tileTarget } from './touch-targets';

export interface TaskTileProps {
  task: ClientBoardTask;
  statuses: ClientStatus[];
  members: Map<string, ProjectMember>;
  canWrite: boolean;
  now: number;
  /** The tasks shown just above and below it in its column, which Move up and Move down place it around. */
  aboveId: string | undefined;
  belowId: string | undefined;
  onOpen(taskId: string): void;
  onMove(taskId: string, input: MoveTaskInput): void;
  onDelete(taskId: string): void;
}

/**
 * One task on the board: draggable by mouse or by a long press (and a drop target that says whether a task lands
 * above or below it), with Task actions for the keyboard: Open, Move up, Move down, Move to <status>, Delete.
 */
export const TaskTile = memo(function TaskTile({
  task,
  statuses,
  members,
  canWrite,
  now,
  aboveId,
  belowId,
  onOpen,
  onMove,
  onDelete,
}: TaskTileProps) {
  const ref = useRef<HTMLDivElement>(null);
  const actionsButton = useRef<HTMLButtonElement>(null);
  const [edge, setEdge] = useState<Edge | null>(null);
  const [dragging, setDragging] = useState(false);
  const touchEdge = useTouchDrag((drag) =>
    drag?.place?.type === 'task' && drag.place.taskId === task.id && drag.taskId !== task.id ? drag.place.edge : null,
  );
  const lifted = useTouchDrag((drag) => drag?.taskId === task.id);

  useEffect(() => {
    if (!takeFocusAfterMove(task.id)) return;
    // After the closing menu has given the focus back to the button it came from, which is no longer there.
    const timer = setTimeout(() => {
      actionsButton.current?.focus({ preventScroll: true });
      ref.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    });
    return () => clearTimeout(timer);
  }, [task.id]);

  useEffect(() => {
    const element = ref.current;
    if (!element || !canWrite) return;
    const data: TaskDragData = { type: 'task', taskId: task.id, statusId: task.statusId };
    // A finger moves tasks by a long press (long-press-drag.ts): the browser's own touch drag, where it has one,
    // would compete with it.
    let pointerType = '';
    const rememberPointer = (event: PointerEvent) => {
      pointerType = event.pointerType;
    };
    element.addEventListener('pointerdown', rememberPointer);
    return combine(
      () => element.removeEventListener('pointerdown', rememberPointer),
      draggable({
        element,
        canDrag: () => pointerType !== 'touch',
        getInitialData: () => data,
        onDragStart: () => setDragging(true),
        onDrop: () => setDragging(false),
      }),
      dropTargetForElements({
        element,
        // The dragged tile is a target too: dropped back where it was, the drop lands on it and moves nothing,
        // where the column beneath would otherwise take it and send the task to its end.
        canDrop: ({ source }) => isTaskDrag(source.data),
        getData: ({ input }) =>
          attachClosestEdge(
            { type: 'task-target', taskId: task.id, statusId: task.statusId },
            { element, input, allowedEdges: ['top', 'bottom'] },
          ),
        onDrag: ({ self, source }) =>
          setEdge(isTaskDrag(source.data) && source.data.taskId === task.id ? null : extractClosestEdge(self.data)),
        onDragLeave: () => setEdge(null),
        onDrop: () => setEdge(null),
      }),
    );
  }, [task.id, task.statusId, canWrite]);

  const shownEdge = edge ?? touchEdge;
  return (
    <div
      ref={ref}
      {...(canWrite ? tileTarget(task.id, task.statusId) : {})}
      className={`relative py-1 ${canWrite ? 'select-none [-webkit-touch-callout:none]' : ''} ${dragging || lifted ? 'opacity-40' : ''}`}
    >
      {shownEdge ? (
        <div
          aria-hidden="true"
          className={`absolute right-1 left-1 h-0.5 rounded bg-primary ${shownEdge === 'top' ? '-top-px' : '-bottom-px'}`}
        />
      ) : null}
      {/* The title's button covers the whole tile (after:inset-0): a tap anywhere on it opens the task. */}
      <div className="relative flex flex-col gap-1.5 rounded-lg border border-border bg-bg p-2.5 shadow-sm hover:border-primary">
        <div className="flex items-start gap-1">
          <button
            type="button"
            onClick={() => onOpen(task.id)}
            className={`min-w-0 flex-1 text-left text-sm font-medium break-words after:absolute after:inset-0 after:rounded-lg hover:underline ${task.doneAt ? 'text-muted line-through' : ''}`}
          >
            {task.title}
          </button>
          {canWrite ? (
            <Menu
              trigger={
                <IconButton ref={actionsButton} label="Task actions" className="relative size-7">
                  <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="currentColor">
                    <circle cx="3" cy="8" r="1.5" />
                    <circle cx="8" cy="8" r="1.5" />
                    <circle cx="13" cy="8" r="1.5" />
                  </svg>
                </IconButton>
              }
            >
              <MenuItem onSelect={() => onOpen(task.id)}>Open</MenuItem>
              {aboveId ? (
                <MenuItem onSelect={() => onMove(task.id, { status_id: task.statusId, before_id: aboveId })}>
                  Move up
                </MenuItem>
              ) : null}
              {belowId ? (
                <MenuItem onSelect={() => onMove(task.id, { status_id: task.statusId, after_id: belowId })}>
                  Move down
                </MenuItem>
              ) : null}
              <MenuSub label="Move to">
                {statuses
                  .filter((status) => status.id !== task.statusId)
                  .map((status) => (
                    <MenuItem
                      key={status.id}
                      onSelect={() => {
                        focusTaskAfterMove(task.id);
                        onMove(task.id, { status_id: status.id });
                      }}
                    >
                      {status.name}
                    </MenuItem>
                  ))}
              </MenuSub>
              <MenuItem onSelect={() => onDelete(task.id)}>Delete</MenuItem>
            </Menu>
          ) : null}
        </div>
        <span className="truncate text-xs text-muted">{task.cardTitle}</span>
        <div className="flex flex-wrap items-center gap-2">
          <PriorityBadge priority={task.priority} />
          <DueBadge dueAt={task.dueAt} doneAt={task.doneAt} now={now} />
          <Labels labels={task.labels} />
          {/* Above the title's cover, so that each avatar still names its person on hover. */}
          <span className="relative ml-auto">
            <AssigneeAvatars ids={task.assigneeIds} members={members} />
          </span>
        </div>
      </div>
    </div>
  );
});
