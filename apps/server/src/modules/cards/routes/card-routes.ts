import { Card, CardList, CardListQuery, CardParams, CreateCardInput, UpdateCardInput } from '@deckhand/contract/cards';
import { ProjectParams } from '@deckhand/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth-guard';
import { createCard } from '../commands/create-card';
import { deleteCard } from '../commands/delete-card';
import { updateCard } from '../commands/update-card';
import { getCard } from '../queries/cards';
import { listCards } from '../queries/list-cards';

const tags = ['cards'];

/** Cards: create, list and search, read, rename or archive, delete. */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/projects/:projectId/cards',
    { schema: { tags, params: ProjectParams, body: CreateCardInput, response: { 201: Card } } },
    async (req, reply) =>
      reply.code(201).send(await createCard(deps, actorOf(req), { ...req.body, projectId: req.params.projectId })),
  );

  app.get(
    '/projects/:projectId/cards',
    { schema: { tags, params: ProjectParams, querystring: CardListQuery, response: { 200: CardList } } },
    (req) => listCards(db, actorOf(req).userId, req.params.projectId, req.query),
  );

  app.get('/cards/:cardId', { schema: { tags, params: CardParams, response: { 200: Card } } }, (req) =>
    getCard(db, actorOf(req).userId, req.params.cardId),
  );

  app.patch(
    '/cards/:cardId',
    { schema: { tags, params: CardParams, body: UpdateCardInput, response: { 200: Card } } },
    (req) => updateCard(deps, actorOf(req), { ...req.body, cardId: req.params.cardId }),
  );

  app.delete(
    '/cards/:cardId',
    { schema: { tags, params: CardParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteCard(deps, actorOf(req), { cardId: req.params.cardId });
      return reply.code(204).send(null);
    },
  );
};
