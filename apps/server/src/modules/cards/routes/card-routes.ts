import { Card, CardList, CardListQuery, CardParams, CreateCardInput, UpdateCardInput } from '@deckhand/contract/cards';
import { ProjectParams } from '@deckhand/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth-guard';
import { removeStoredObjects } from '../../files/service/files';
import { publishToMembers } from '../../projects/publish';
import { listCards } from '../service/card-list';
import { createCard, deleteCard, getCard, updateCard } from '../service/cards';

const tags = ['cards'];

/** Cards: create, list and search, read, rename or archive, delete. Live events go out after each commit. */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db, usage } = deps;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/projects/:projectId/cards',
    { schema: { tags, params: ProjectParams, body: CreateCardInput, response: { 201: Card } } },
    async (req, reply) => {
      const { userId } = actorOf(req);
      const card = await createCard(db, userId, req.params.projectId, req.body);
      void usage.record({
        name: 'card_created',
        userId,
        properties: { project_id: card.project_id, card_id: card.id },
      });
      await publishToMembers(deps, card.project_id, {
        type: 'card_created',
        project_id: card.project_id,
        card_id: card.id,
      });
      return reply.code(201).send(card);
    },
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
    async (req) => {
      const card = await updateCard(db, actorOf(req).userId, req.params.cardId, req.body);
      await publishToMembers(deps, card.project_id, {
        type: 'card_updated',
        project_id: card.project_id,
        card_id: card.id,
      });
      return card;
    },
  );

  app.delete(
    '/cards/:cardId',
    { schema: { tags, params: CardParams, response: { 204: z.null() } } },
    async (req, reply) => {
      const { cardId } = req.params;
      const { projectId, fileKeys } = await deleteCard(db, actorOf(req).userId, cardId);
      await removeStoredObjects(deps.storage, fileKeys);
      await publishToMembers(deps, projectId, { type: 'card_deleted', project_id: projectId, card_id: cardId });
      return reply.code(204).send(null);
    },
  );
};
