import { Insights, InsightsQuery } from '@deckhand/contract/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getInsights } from './queries/insights';

const tags = ['insights'];

/** Usage insights for instance admins (404 for everyone else, 401 without a token). */
export const insightRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/admin/insights',
    { onRequest: app.authenticate, schema: { tags, querystring: InsightsQuery, response: { 200: Insights } } },
    (req) => getInsights(deps, req.actor, req.query),
  );
};
