import { combine } from '@atlaskit/pragmatic-drag-and-drop/combine';
import { dropTargetForElements } from '@atlaskit/pragmatic-drag-and-drop/element/adapter';
import { autoScrollForElements } from '@atlaskit/pragmatic-drag-and-drop-auto-scroll/element';
import type { MoveTaskInput } from '@deckhand/contract/tasks';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { ProjectMember } from '../../projects/api';
import type { ClientBoardTask, ClientStatus } from '../api';
import { isTaskDrag } from './drag-data';
import { TaskTile } from './task-tile';
import { useTouchDrag } from './touch-drag-store';
import { columnListTarget, columnTarget } from './touch-targets';

export interface BoardColumnProps {
  status: ClientStatus;
  statuses: ClientStatus[];
  /** The column's tasks that pass the filters, in order. */
  tasks: ClientBoardTask[];
  /** All its tasks, filters aside: what the count and the WIP limit are about. */
  total: number;
  members: Map<string, ProjectMember>;
  canWrite: boolean;
  now: number;
  /** The column's menu, for admins. */
  menu: ReactNode;
  /** The Add task control at the column's end. */
  addTask: ReactNode;
  onOpen(taskId: string): void;
  onMove(taskId: string, input: MoveTaskInput): void;
  onDelete(taskId: string): void;
}

/** A tile's height before it is measured; most tiles with a title, a card and a line of details are about this. */
const estimatedTileHeight = 104;

/**
 * One status: its header (name, count, WIP limit turning to a warning when exceeded), its tasks in a virtualised
 * list (only the tiles in view are in the page, so a column of thousands stays light) that scrolls itself while a
 * task is dragged near its edges, and Add task.
 */
export function BoardColumn({
  status,
  statuses,
  tasks,
  total,
  members,
  canWrite,
  now,
  menu,
  addTask,
  onOpen,
  onMove,
  onDelete,
}: BoardColumnProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [over, setOver] = useState(false);
  const touchOver = useTouchDrag((drag) => drag?.place?.statusId === status.id);
  const virtualizer = useVirtualizer({
    count: tasks.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => estimatedTileHeight,
    getItemKey: (index) => tasks[index]?.id ?? index,
    overscan: 6,
  });

  useEffect(() => {
    const element = scroller.current;
    if (!element || !canWrite) return;
    return combine(
      dropTargetForElements({
        element,
        canDrop: ({ source }) => isTaskDrag(source.data),
        getData: () => ({ type: 'column', statusId: status.id }),
        onDragEnter: () => setOver(true),
        onDragLeave: () => setOver(false),
        onDrop: () => setOver(false),
      }),
      autoScrollForElements({ element, canScroll: ({ source }) => isTaskDrag(source.data) }),
    );
  }, [status.id, canWrite]);

  const overLimit = status.wipLimit !== null && total > status.wipLimit;
  const headingId = `column-${status.id}`;
  return (
    <section
      aria-label={status.name}
      {...columnTarget(status.id)}
      className={`flex max-h-full w-72 shrink-0 snap-start flex-col rounded-xl border bg-surface ${overLimit ? 'border-warning' : 'border-border'}`}
    >
      <header className={`flex items-center gap-2 px-3 py-2 ${overLimit ? 'bg-warning-soft' : ''} rounded-t-xl`}>
        <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full" style={{ backgroundColor: status.color }} />
        <h3 id={headingId} className="min-w-0 flex-1 truncate text-sm font-semibold" title={status.name}>
          {status.name}
        </h3>
        <span
          className={`text-xs ${overLimit ? 'font-semibold text-warning' : 'text-muted'}`}
          title={status.wipLimit !== null ? `Work-in-progress limit: ${status.wipLimit}` : undefined}
        >
          {status.wipLimit !== null ? `${total} / ${status.wipLimit}` : total}
          <span className="sr-only">
            {total === 1 ? ' task' : ' tasks'}
            {overLimit ? ', over the work-in-progress limit' : ''}
          </span>
        </span>
        {menu}
      </header>
      <div
        ref={scroller}
        {...columnListTarget}
        className={`min-h-16 flex-1 overflow-y-auto px-2 ${over || touchOver ? 'bg-primary-soft' : ''}`}
      >
        <ul aria-labelledby={headingId} className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const task = tasks[item.index];
            if (!task) return null;
            return (
              <li
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 w-full"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <TaskTile
                  task={task}
                  statuses={statuses}
                  members={members}
                  canWrite={canWrite}
                  now={now}
                  aboveId={tasks[item.index - 1]?.id}
                  belowId={tasks[item.index + 1]?.id}
                  onOpen={onOpen}
                  onMove={onMove}
                  onDelete={onDelete}
                />
              </li>
            );
          })}
        </ul>
        {tasks.length === 0 ? <p className="px-1 py-4 text-center text-xs text-muted">No tasks</p> : null}
      </div>
      <div className="border-t border-border p-2">{addTask}</div>
    </section>
  );
}
