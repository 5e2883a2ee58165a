import { CreateProjectInput, Project, ProjectParams, UpdateProjectInput } from '@deckhand/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { projectLimitOf } from '../../../platform/actor';
import { notModified, sendAnswer } from '../../../platform/answer-cache';
import { actorOf } from '../../../platform/auth-guard';
import { createProject } from '../commands/create-project';
import { deleteProject } from '../commands/delete-project';
import { updateProject } from '../commands/update-project';
import { createListAnswers } from '../queries/list-answers';
import { getProject, listProjectsWithin } from '../queries/projects';

const tags = ['projects'];

/** Projects: create, list, read, change and delete. */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;
  const lists = createListAnswers(deps);

  app.post(
    '/projects',
    { onRequest: app.authenticate, schema: { tags, body: CreateProjectInput, response: { 201: Project } } },
    async (req, reply) => reply.code(201).send(await createProject(deps, actorOf(req), req.body)),
  );

  app.get(
    '/projects',
    { onRequest: app.authenticate, schema: { tags, response: { 200: z.array(Project), 304: notModified } } },
    async (req, reply) => {
      const actor = actorOf(req);
      const limit = projectLimitOf(actor);
      // A token limited to some projects lists those only (not from the cache, which holds the whole list).
      if (limit) return listProjectsWithin(db, actor.userId, limit);
      return sendAnswer(req, reply, await lists.projects(actor.userId));
    },
  );

  app.get(
    '/projects/:projectId',
    { onRequest: app.authenticate, schema: { tags, params: ProjectParams, response: { 200: Project } } },
    (req) => getProject(db, actorOf(req).userId, req.params.projectId),
  );

  app.patch(
    '/projects/:projectId',
    {
      onRequest: app.authenticate,
      schema: { tags, params: ProjectParams, body: UpdateProjectInput, response: { 200: Project } },
    },
    (req) => updateProject(deps, actorOf(req), { ...req.body, projectId: req.params.projectId }),
  );

  app.delete(
    '/projects/:projectId',
    { onRequest: app.authenticate, schema: { tags, params: ProjectParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteProject(deps, actorOf(req), { projectId: req.params.projectId });
      return reply.code(204).send(null);
    },
  );
};
