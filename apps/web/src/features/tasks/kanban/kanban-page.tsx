import type { MoveTaskInput } from '@deckhand/contract/tasks';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useNow } from '../../../lib/use-now';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DotsLoader } from '../../../ui/dots-loader';
import { RetryPanel } from '../../../ui/retry-panel';
import { toast } from '../../../ui/toast';
import { projectMembersQuery } from '../../projects/api';
import { ProjectPage } from '../../projects/project-page';
import { useRouteProject } from '../../projects/use-route-project';
import { boardQuery, type ClientBoardTask, useCreateStatus, useDeleteTask, useMoveTask } from '../api';
import { taskErrorMessage } from '../messages';
import { useMembersById } from '../use-members';
import { AddTask } from './add-task';
import { BoardColumn } from './board-column';
import { type BoardFilter, matchesFilter, readFilter, writeFilter } from './board-filter';
import { BoardFilters } from './board-filters';
import { ColumnMenu } from './column-menu';
import { StatusDialog } from './status-dialog';
import { TaskDrawer } from './task-drawer';
import { TouchDragPreview } from './touch-drag-preview';
import { TouchDragContext } from './touch-drag-store';
import { useBoardDrag } from './use-board-drag';

/**
 * /:id/kanban — one column per status; drag tasks between and within them (by mouse, or by a long press on a touch
 * screen), or use Task actions › Move to. The columns scroll sideways inside the board, so the page fits a phone.
 * `?task=` opens that task in the drawer.
 */
export function KanbanPage() {
  const project = useRouteProject();
  const canWrite = project.abilities.write;
  const canManageStatuses = project.abilities.manageStatuses;
  const board = useQuery(boardQuery(project.id));
  const membersQuery = useQuery(projectMembersQuery(project.id));
  const members = useMembersById(project.id);
  const move = useMoveTask();
  const remove = useDeleteTask();
  const createStatus = useCreateStatus(project.id);
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const now = useNow();
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [addingColumn, setAddingColumn] = useState(false);
  const [boardScroller, setBoardScroller] = useState<HTMLDivElement | null>(null);

  const moveTask = useCallback(
    (taskId: string, input: MoveTaskInput) => {
      move.mutate(
        { projectId: project.id, taskId, input },
        { onError: (failure) => toast.error(taskErrorMessage(failure, 'The task could not be moved. It is back.')) },
      );
    },
    [move.mutate, project.id],
  );

  const { mouseDragging, touchDrag } = useBoardDrag(boardScroller, board.data, moveTask);

  // The open task lives in the URL (`?task=`), so a search result or a shared link opens it in the drawer.
  const openTaskId = params.get('task');
  const setOpenTaskId = useCallback(
    (taskId: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (taskId) next.set('task', taskId);
          else next.delete('task');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const onOpen = useCallback((taskId: string) => setOpenTaskId(taskId), [setOpenTaskId]);
  const onDelete = useCallback((taskId: string) => setDeletingId(taskId), []);

  const grouped = useMemo(() => {
    const byStatus = new Map<string, { shown: ClientBoardTask[]; total: number }>();
    for (const status of board.data?.statuses ?? []) byStatus.set(status.id, { shown: [], total: 0 });
    for (const task of board.data?.tasks ?? []) {
      const column = byStatus.get(task.statusId);
      if (!column) continue;
      column.total += 1;
      if (matchesFilter(task, filter, now)) column.shown.push(task);
    }
    return byStatus;
  }, [board.data, filter, now]);
  const labels = useMemo(
    () => [...new Set((board.data?.tasks ?? []).flatMap((task) => task.labels))].sort(),
    [board.data],
  );

  function setFilter(next: BoardFilter): void {
    setParams((current) => writeFilter(current, next), { replace: true });
  }

  const openTask = board.data?.tasks.find((task) => task.id === openTaskId);
  const deletingTask = board.data?.tasks.find((task) => task.id === deletingId);
  const shownCount = [...grouped.values()].reduce((sum, column) => sum + column.shown.length, 0);

  return (
    <ProjectPage title="Kanban">
      {board.data === undefined ? (
        board.isError ? (
          <RetryPanel
            message="The board could not be loaded."
            onRetry={() => board.refetch()}
            retrying={board.isRefetching}
          />
        ) : (
          <DotsLoader label="Loading the board" className="py-16" />
        )
      ) : (
        <TouchDragContext value={touchDrag}>
          <BoardFilters
            filter={filter}
            onChange={setFilter}
            members={membersQuery.data?.members ?? []}
            labels={labels}
            shown={shownCount}
            total={board.data.tasks.length}
          />
          {board.data.tasks.length === 0 ? (
            <div className="mb-4">
              <p className="font-medium">No tasks yet</p>
              <p className="text-sm text-muted">
                Tasks belong to cards: add one with Add task below a column, or from a card’s Tasks.
              </p>
            </div>
          ) : null}
          {/* Relative, so that it clips what its columns position too (their visually hidden counts reached past the
              page's right edge). Snapping stops during a mouse drag, whose scrolling a few pixels at a time it undoes. */}
          <div
            ref={setBoardScroller}
            className={`relative flex h-[calc(100dvh-16rem)] min-h-96 gap-3 overflow-x-auto overscroll-x-contain pb-2 ${mouseDragging ? '' : 'snap-x snap-mandatory'}`}
          >
            {board.data.statuses.map((status) => {
              const column = grouped.get(status.id) ?? { shown: [], total: 0 };
              return (
                <BoardColumn
                  key={status.id}
                  status={status}
                  statuses={board.data?.statuses ?? []}
                  tasks={column.shown}
                  total={column.total}
                  members={members}
                  canWrite={canWrite}
                  now={now}
                  menu={
                    canManageStatuses ? (
                      <ColumnMenu
                        projectId={project.id}
                        status={status}
                        statuses={board.data?.statuses ?? []}
                        total={column.total}
                      />
                    ) : null
                  }
                  addTask={canWrite ? <AddTask projectId={project.id} statusId={status.id} /> : null}
                  onOpen={onOpen}
                  onMove={moveTask}
                  onDelete={onDelete}
                />
              );
            })}
            {canManageStatuses ? (
              <div className="shrink-0 snap-end">
                <Button variant="secondary" onClick={() => setAddingColumn(true)}>
                  Add column
                </Button>
              </div>
            ) : null}
          </div>
          <TouchDragPreview board={board.data} />
          <TaskDrawer
            projectId={project.id}
            task={openTask}
            statuses={board.data.statuses}
            members={membersQuery.data?.members ?? []}
            canWrite={canWrite}
            onClose={() => setOpenTaskId(null)}
          />
          <ConfirmDialog
            open={deletingTask !== undefined}
            onOpenChange={(open) => !open && setDeletingId(null)}
            title="Delete this task?"
            confirmLabel="Delete task"
            pending={remove.isPending}
            onConfirm={() => {
              if (!deletingTask) return;
              remove.mutate(
                { id: deletingTask.id, projectId: project.id, cardId: deletingTask.cardId },
                {
                  onSuccess: () => setDeletingId(null),
                  onError: (failure) => toast.error(taskErrorMessage(failure)),
                },
              );
            }}
          >
            <p>“{deletingTask?.title}” will be deleted for everyone.</p>
          </ConfirmDialog>
          <StatusDialog
            open={addingColumn}
            onOpenChange={setAddingColumn}
            onSubmit={(fields) => createStatus.mutateAsync(fields)}
          />
        </TouchDragContext>
      )}
    </ProjectPage>
  );
}
