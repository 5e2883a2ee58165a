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
import type { AppDeps } from '../../../platform/app-deps';
import { actorOf } from '../../../platform/auth-guard';
import { publishToMembers } from '../../projects/publish';
import { createStatus, deleteStatus, listStatuses, type TaskRef, updateStatus } from '../service/statuses';

const tags = ['tasks'];

/** The usage event every task change records, for the tasks a change of their status moved or (un)completed. */
function recordTaskChanges(
  deps: AppDeps,
  userId: string,
  projectId: string,
  changed: TaskRef[],
  change: 'task_updated' | 'task_moved',
): void {
  for (const task of changed) {
    void deps.events.record({
      name: 'task_updated',
      userId,
      properties: { project_id: projectId, card_id: task.cardId, task_id: task.id, change },
    });
  }
}

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
    async (req, reply) => {
      const status = await createStatus(db, actorOf(req).userId, req.params.projectId, req.body);
      await publishToMembers(deps, status.project_id, {
        type: 'status_created',
        project_id: status.project_id,
        status_id: status.id,
      });
      return reply.code(201).send(status);
    },
  );

  app.patch(
    '/statuses/:statusId',
    { schema: { tags, params: StatusParams, body: UpdateStatusInput, response: { 200: Status } } },
    async (req) => {
      const { userId } = actorOf(req);
      const { status, projectId, changedTasks } = await updateStatus(db, userId, req.params.statusId, req.body);
      recordTaskChanges(deps, userId, projectId, changedTasks, 'task_updated');
      await publishToMembers(deps, projectId, { type: 'status_updated', project_id: projectId, status_id: status.id });
      return status;
    },
  );

  app.delete(
    '/statuses/:statusId',
    { schema: { tags, params: StatusParams, querystring: DeleteStatusQuery, response: { 204: z.null() } } },
    async (req, reply) => {
      const { statusId } = req.params;
      const { userId } = actorOf(req);
      const { projectId, movedTasks } = await deleteStatus(db, userId, statusId, req.query.move_to);
      recordTaskChanges(deps, userId, projectId, movedTasks, 'task_moved');
      // One event, not one per task moved: clients read the board (and cards' tasks) again on it.
      await publishToMembers(deps, projectId, { type: 'status_deleted', project_id: projectId, status_id: statusId });
      return reply.code(204).send(null);
    },
  );
};
