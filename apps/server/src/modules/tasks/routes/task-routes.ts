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
import { actorOf } from '../../../platform/auth-guard';
import { createTask } from '../commands/create-task';
import { deleteTask } from '../commands/delete-task';
import { moveTask } from '../commands/move-task';
import { updateTask } from '../commands/update-task';
import { createBoardAnswers, getMyWork } from '../queries/board';
import { listCardTasks } from '../service/tasks';

const tags = ['tasks'];

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
    async (req, reply) =>
      reply.code(201).send(await createTask(deps, actorOf(req), { ...req.body, cardId: req.params.cardId })),
  );

  app.patch(
    '/tasks/:taskId',
    { schema: { tags, params: TaskParams, body: UpdateTaskInput, response: { 200: Task } } },
    (req) => updateTask(deps, actorOf(req), { ...req.body, taskId: req.params.taskId }),
  );

  app.post(
    '/tasks/:taskId/move',
    { schema: { tags, params: TaskParams, body: MoveTaskInput, response: { 200: Task } } },
    (req) => moveTask(deps, actorOf(req), { ...req.body, taskId: req.params.taskId }),
  );

  app.delete(
    '/tasks/:taskId',
    { schema: { tags, params: TaskParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteTask(deps, actorOf(req), { taskId: req.params.taskId });
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
    getMyWork(db, actorOf(req), req.query),
  );
};
