import { ActivityPage, ActivityQuery } from '@deckhand/contract/activity';
import { ProjectParams } from '@deckhand/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth-guard';
import { listActivity } from './queries/list-activity';

const tags = ['activity'];

/** A project's history: every member and viewer reads it. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/projects/:projectId/activity',
    { schema: { tags, params: ProjectParams, querystring: ActivityQuery, response: { 200: ActivityPage } } },
    (req) => listActivity(db, actorOf(req), { ...req.query, projectId: req.params.projectId }),
  );
};
