import { SearchPage, SearchQuery, SearchSuggestions, SearchSuggestQuery } from '@deckhand/contract/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth-guard';
import { search } from './queries/search';
import { suggest } from './queries/suggest';

const tags = ['search'];

/** Search over everything the caller can see, and the values its filters can take. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  app.addHook('onRequest', app.authenticate);

  app.get('/search', { schema: { tags, querystring: SearchQuery, response: { 200: SearchPage } } }, (req) =>
    search(db, actorOf(req), req.query),
  );

  app.get(
    '/search/suggest',
    { schema: { tags, querystring: SearchSuggestQuery, response: { 200: SearchSuggestions } } },
    (req) => suggest(db, actorOf(req), req.query.q),
  );
};
