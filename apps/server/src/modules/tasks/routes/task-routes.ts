import { CardParams } from '@deckhand/contract/cards';
import { ProjectParams } from '@deckhand/contract/projects';
import {
  Board,
  CreateTaskInput,
  MoveTaskInput,
  MyWorkQuery,
  MyWorkTask,
  Task,
  TaskParams,
  UpdateTaskInput,
} from '@deckhand/contract/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notModified, sendAnswer } from '../../../platform/answer-cache';
import type { AppDeps } from '../../../platform/app-deps';
import { actorOf } from '../../../platform/auth-guard';
import { publishToMembers } from '../../projects/publish';
import { notifyAssignees } from '../notify';
import { needsReminders, scheduleReminders } from '../reminders';
import { createBoardAnswers, getMyWork } from '../service/board';
import type { TaskChange } from '../service/tasks';
import { createTask, deleteTask, listCardTasks, moveTask, updateTask } from '../service/tasks';

const tags = ['tasks'];

type TaskEvent = 'task_created' | 'task_updated' | 'task_moved' | 'task_deleted';

/** After the change committed: the live event to the project, and the usage event every change records. */
async function announce(deps: AppDeps, userId: string, type: TaskEvent, task: Task): Promise<void> {
  void deps.events.record({
    name: 'task_updated',
    userId,
    properties: { project_id: task.project_id, card_id: task.card_id, task_id: task.id, change: type },
  });
  await publishToMembers(deps, task.project_id, {
    type,
    project_id: task.project_id,
    card_id: task.card_id,
    task_id: task.id,
  });
}

/** Reminders and assignment notifications that a change calls for. */
async function followUp(deps: AppDeps, userId: string, change: TaskChange): Promise<void> {
  if (needsReminders(change)) await scheduleReminders(deps, change.task);
  void notifyAssignees(deps, userId, change);
}

/** Tasks of cards, the project's board and each person's My work. */
export const taskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;
  app.addHook('onRequest', app.authenticate);

  app.get('/cards/:cardId/tasks', { schema: { tags, params: CardParams, response: { 200: z.array(Task) } } }, (req) =>
    listCardTasks(db, actorOf(req).userId, req.params.cardId),
  );

  app.post(
    '/cards/:cardId/tasks',
    { schema: { tags, params: CardParams, body: CreateTaskInput, response: { 201: Task } } },
    async (req, reply) => {
      const { userId } = actorOf(req);
      const change = await createTask(db, userId, req.params.cardId, req.body);
      await announce(deps, userId, 'task_created', change.task);
      await followUp(deps, userId, change);
      return reply.code(201).send(change.task);
    },
  );

  app.patch(
    '/tasks/:taskId',
    { schema: { tags, params: TaskParams, body: UpdateTaskInput, response: { 200: Task } } },
    async (req) => {
      const { userId } = actorOf(req);
      const change = await updateTask(db, userId, req.params.taskId, req.body);
      await announce(deps, userId, 'task_updated', change.task);
      await followUp(deps, userId, change);
      return change.task;
    },
  );

  app.post(
    '/tasks/:taskId/move',
    { schema: { tags, params: TaskParams, body: MoveTaskInput, response: { 200: Task } } },
    async (req) => {
      const { userId } = actorOf(req);
      const change = await moveTask(db, userId, req.params.taskId, req.body);
      await announce(deps, userId, 'task_moved', change.task);
      await followUp(deps, userId, change);
      return change.task;
    },
  );

  app.delete(
    '/tasks/:taskId',
    { schema: { tags, params: TaskParams, response: { 204: z.null() } } },
    async (req, reply) => {
      const { userId } = actorOf(req);
      const task = await deleteTask(db, userId, req.params.taskId);
      await announce(deps, userId, 'task_deleted', task);
      return reply.code(204).send(null);
    },
  );

  const boardAnswer = createBoardAnswers(deps);
  app.get(
    '/projects/:projectId/board',
    { schema: { tags, params: ProjectParams, response: { 200: Board, 304: notModified } } },
    async (req, reply) => sendAnswer(req, reply, await boardAnswer(actorOf(req).userId, req.params.projectId)),
  );

  app.get('/my-work', { schema: { tags, querystring: MyWorkQuery, response: { 200: z.array(MyWorkTask) } } }, (req) =>
    getMyWork(db, actorOf(req).userId, req.query),
  );
};
