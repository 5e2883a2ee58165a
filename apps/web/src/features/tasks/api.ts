import { CardList, cardLimits } from '@deckhand/contract/cards';
import { type CreateStatusInput, Status, type UpdateStatusInput } from '@deckhand/contract/statuses';
import {
  Board,
  type CreateTaskInput,
  type MoveTaskInput,
  MyWorkTask,
  Task,
  type UpdateTaskInput,
} from '@deckhand/contract/tasks';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiData } from '../../lib/api';
import type { Camelize } from '../../lib/case';

export type ClientTask = Camelize<Task>;
export type ClientBoard = Camelize<Board>;
export type ClientBoardTask = ClientBoard['tasks'][number];
export type ClientStatus = Camelize<Status>;
export type ClientMyWorkTask = Camelize<MyWorkTask>;

export const taskKeys = {
  all: ['tasks'] as const,
  board: (projectId: string) => [...taskKeys.all, 'board', projectId] as const,
  card: (cardId: string) => [...taskKeys.all, 'card', cardId] as const,
  myWork: () => [...taskKeys.all, 'my-work'] as const,
  myWorkIn: (projectId: string | null) => [...taskKeys.myWork(), projectId ?? 'all'] as const,
};

export const boardQuery = (projectId: string) =>
  queryOptions({ queryKey: taskKeys.board(projectId), queryFn: () => apiData(Board, `projects/${projectId}/board`) });

export const cardTasksQuery = (cardId: string) =>
  queryOptions({ queryKey: taskKeys.card(cardId), queryFn: () => apiData(z.array(Task), `cards/${cardId}/tasks`) });

/** The cards a new task can go on: the project's 200 most recently updated ones that are not archived. */
export const taskCardsQuery = (projectId: string) =>
  queryOptions({
    queryKey: [...taskKeys.all, 'cards', projectId] as const,
    queryFn: async () =>
      (await apiData(CardList, `projects/${projectId}/cards?limit=${cardLimits.pageMax}`)).items.map((card) => ({
        id: card.id,
        title: card.title,
      })),
  });

export const myWorkQuery = (projectId: string | null) =>
  queryOptions({
    queryKey: taskKeys.myWorkIn(projectId),
    queryFn: () => apiData(z.array(MyWorkTask), projectId ? `my-work?project_id=${projectId}` : 'my-work'),
  });

/** After any change to a task: the board, the card's list and My work show it again from the server. */
function useRefreshTasks() {
  const queryClient = useQueryClient();
  return (task: { projectId: string; cardId: string }) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: taskKeys.board(task.projectId) }),
      queryClient.invalidateQueries({ queryKey: taskKeys.card(task.cardId) }),
      queryClient.invalidateQueries({ queryKey: taskKeys.myWork() }),
    ]);
}

export function useCreateTask(cardId: string) {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: (input: CreateTaskInput) => apiData(Task, `cards/${cardId}/tasks`, { method: 'POST', body: input }),
    onSuccess: (task) => refresh(task),
  });
}

export function useUpdateTask() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: ({ taskId, input }: { taskId: string; input: UpdateTaskInput }) =>
      apiData(Task, `tasks/${taskId}`, { method: 'PATCH', body: input }),
    onSuccess: (task) => refresh(task),
  });
}

export function useDeleteTask() {
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: async (task: { id: string; projectId: string; cardId: string }) => {
      await api(`tasks/${task.id}`, { method: 'DELETE' });
      return task;
    },
    onSuccess: (task) => refresh(task),
  });
}

export interface MoveVariables {
  projectId: string;
  taskId: string;
  input: MoveTaskInput;
}

/**
 * Places the task in the board's cache at once (optimistic); the server's answer is then fetched again, and a
 * refusal puts that task back where it was (other moves made meanwhile stay).
 */
export function useMoveTask() {
  const queryClient = useQueryClient();
  const refresh = useRefreshTasks();
  return useMutation({
    mutationFn: ({ taskId, input }: MoveVariables) =>
      apiData(Task, `tasks/${taskId}/move`, { method: 'POST', body: input }),
    onMutate: async ({ projectId, taskId, input }: MoveVariables) => {
      const key = taskKeys.board(projectId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ClientBoard>(key);
      if (previous) queryClient.setQueryData(key, placeInBoard(previous, taskId, input));
      return { previous };
    },
    onError: (_error, { projectId, taskId }, context) => {
      const key = taskKeys.board(projectId);
      const current = queryClient.getQueryData<ClientBoard>(key);
      if (context?.previous && current)
        queryClient.setQueryData(key, putBackInBoard(current, context.previous, taskId));
    },
    onSettled: (task, _error, { projectId }) =>
      task ? refresh(task) : queryClient.invalidateQueries({ queryKey: taskKeys.board(projectId) }),
  });
}

/** The board with the task moved as the server will place it: after `after_id`, before `before_id`, or last. */
export function placeInBoard(board: ClientBoard, taskId: string, input: MoveTaskInput): ClientBoard {
  const moving = board.tasks.find((task) => task.id === taskId);
  if (!moving) return board;
  const target = board.statuses.find((status) => status.id === input.status_id);
  const nowDone = target?.category === 'done';
  const moved = {
    ...moving,
    statusId: input.status_id,
    doneAt: nowDone ? (moving.doneAt ?? new Date().toISOString()) : null,
  };
  return insertTask(board, moved, input.after_id ?? undefined, input.before_id ?? undefined);
}

/**
 * The board with one task back where it was in `before` (a move the server refused), next to the same neighbour
 * when it is still in that column. Other tasks stay as they are now: a second move made meanwhile is kept.
 */
export function putBackInBoard(board: ClientBoard, before: ClientBoard, taskId: string): ClientBoard {
  const was = before.tasks.findIndex((task) => task.id === taskId);
  const task = before.tasks[was];
  if (!task) return board;
  const sameColumn = (neighbour: ClientBoardTask | undefined) =>
    neighbour?.statusId === task.statusId &&
    board.tasks.some((other) => other.id === neighbour.id && other.statusId === task.statusId)
      ? neighbour.id
      : undefined;
  const afterId = sameColumn(before.tasks[was - 1]);
  return insertTask(board, task, afterId, afterId ? undefined : sameColumn(before.tasks[was + 1]));
}

/** Puts `moved` (in its statusId) after `afterId`, before `beforeId`, or at its column's end; recounts columns. */
function insertTask(board: ClientBoard, moved: ClientBoardTask, afterId?: string, beforeId?: string): ClientBoard {
  const statusIndex = new Map(board.statuses.map((status, index) => [status.id, index]));
  const rest = board.tasks.filter((task) => task.id !== moved.id);
  let at: number;
  if (afterId) at = rest.findIndex((task) => task.id === afterId) + 1;
  else if (beforeId) at = rest.findIndex((task) => task.id === beforeId);
  else {
    // After the last task of the status, or where the status's tasks would start.
    const order = statusIndex.get(moved.statusId) ?? 0;
    at = rest.findIndex((task) => (statusIndex.get(task.statusId) ?? 0) > order);
    if (at < 0) at = rest.length;
  }
  if (at < 0) at = rest.length;
  const tasks = [...rest.slice(0, at), moved, ...rest.slice(at)];
  const counts = new Map<string, number>();
  for (const task of tasks) counts.set(task.statusId, (counts.get(task.statusId) ?? 0) + 1);
  const statuses = board.statuses.map((status) => ({ ...status, taskCount: counts.get(status.id) ?? 0 }));
  return { statuses, tasks };
}

function useRefreshBoard(projectId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: taskKeys.board(projectId) });
}

export function useCreateStatus(projectId: string) {
  const refresh = useRefreshBoard(projectId);
  return useMutation({
    mutationFn: (input: CreateStatusInput) =>
      apiData(Status, `projects/${projectId}/statuses`, { method: 'POST', body: input }),
    onSuccess: refresh,
  });
}

export function useUpdateStatus(projectId: string) {
  const refresh = useRefreshBoard(projectId);
  return useMutation({
    mutationFn: ({ statusId, input }: { statusId: string; input: UpdateStatusInput }) =>
      apiData(Status, `statuses/${statusId}`, { method: 'PATCH', body: input }),
    onSuccess: refresh,
  });
}

export function useDeleteStatus(projectId: string) {
  const refresh = useRefreshBoard(projectId);
  return useMutation({
    mutationFn: async ({ statusId, moveTo }: { statusId: string; moveTo?: string }) => {
      await api(`statuses/${statusId}${moveTo ? `?move_to=${moveTo}` : ''}`, { method: 'DELETE' });
    },
    onSuccess: refresh,
  });
}
