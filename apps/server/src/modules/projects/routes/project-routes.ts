import { CreateProjectInput, Project, ProjectParams, UpdateProjectInput } from '@deckhand/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notModified, sendAnswer } from '../../../platform/answer-cache';
import { actorOf } from '../../../platform/auth-guard';
import { createListAnswers } from '../service/list-answers';
import { createProject, deleteProject, getProject, updateProject } from '../service/projects';

const tags = ['projects'];

/** Projects: create, list, read, change and delete. Live events go out after each change has committed. */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db, usage, live } = deps;
  const lists = createListAnswers(deps);

  app.post(
    '/projects',
    { onRequest: app.authenticate, schema: { tags, body: CreateProjectInput, response: { 201: Project } } },
    async (req, reply) => {
      const { userId } = actorOf(req);
      const project = await createProject(db, userId, req.body);
      void usage.record({ name: 'project_created', userId, properties: { project_id: project.id } });
      return reply.code(201).send(project);
    },
  );

  app.get(
    '/projects',
    { onRequest: app.authenticate, schema: { tags, response: { 200: z.array(Project), 304: notModified } } },
    async (req, reply) => sendAnswer(req, reply, await lists.projects(actorOf(req).userId)),
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
    async (req) => {
      const { project, memberIds } = await updateProject(db, actorOf(req).userId, req.params.projectId, req.body);
      live.publish(memberIds, { type: 'project_updated', project_id: project.id });
      return project;
    },
  );

  app.delete(
    '/projects/:projectId',
    { onRequest: app.authenticate, schema: { tags, params: ProjectParams, response: { 204: z.null() } } },
    async (req, reply) => {
      const { userId } = actorOf(req);
      const { projectId } = req.params;
      const memberIds = await deleteProject(db, userId, projectId);
      live.publish(memberIds, { type: 'project_deleted', project_id: projectId });
      void usage.record({ name: 'project_deleted', userId, properties: { project_id: projectId } });
      return reply.code(204).send(null);
    },
  );
};
