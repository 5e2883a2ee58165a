import { ProjectParams } from '@deckhand/contract/projects';
import {
  CreateStatusInput,
  DeleteStatusQuery,
  Status,
  StatusParams,
  UpdateStatusInput,
} from '@deckhand/contract/statuses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth-guard';
import { createStatus } from '../commands/create-status';
import { deleteStatus } from '../commands/delete-status';
import { updateStatus } from '../commands/update-status';
import { listStatuses } from '../service/statuses';

const tags = ['tasks'];

/** The board's columns: read by every member, managed by admins and the owner. */
export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/projects/:projectId/statuses',
    { schema: { tags, params: ProjectParams, response: { 200: z.array(Status) } } },
    (req) => listStatuses(db, actorOf(req).userId, req.params.projectId),
  );

  app.post(
    '/projects/:projectId/statuses',
    { schema: { tags, params: ProjectParams, body: CreateStatusInput, response: { 201: Status } } },
    async (req, reply) =>
      reply.code(201).send(await createStatus(deps, actorOf(req), { ...req.body, projectId: req.params.projectId })),
  );

  app.patch(
    '/statuses/:statusId',
    { schema: { tags, params: StatusParams, body: UpdateStatusInput, response: { 200: Status } } },
    (req) => updateStatus(deps, actorOf(req), { ...req.body, statusId: req.params.statusId }),
  );

  app.delete(
    '/statuses/:statusId',
    { schema: { tags, params: StatusParams, querystring: DeleteStatusQuery, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteStatus(deps, actorOf(req), { statusId: req.params.statusId, moveTo: req.query.move_to });
      return reply.code(204).send(null);
    },
  );
};
