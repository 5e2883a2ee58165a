import { CardParams } from '@deckhand/contract/cards';
import { Chat, ChatParams, CreateChatInput, UpdateChatInput } from '@deckhand/contract/chats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth-guard';
import { createChat } from '../commands/create-chat';
import { deleteChat } from '../commands/delete-chat';
import { markChatRead } from '../commands/mark-chat-read';
import { renameChat } from '../commands/rename-chat';
import { listChats } from '../queries/chats';

const tags = ['chats'];

/** A card's chats: list, open, rename, read, delete. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;
  app.addHook('onRequest', app.authenticate);

  app.get('/cards/:cardId/chats', { schema: { tags, params: CardParams, response: { 200: z.array(Chat) } } }, (req) =>
    listChats(db, actorOf(req).userId, req.params.cardId),
  );

  app.post(
    '/cards/:cardId/chats',
    { schema: { tags, params: CardParams, body: CreateChatInput, response: { 201: Chat } } },
    async (req, reply) =>
      reply.code(201).send(await createChat(deps, actorOf(req), { ...req.body, cardId: req.params.cardId })),
  );

  app.patch(
    '/chats/:chatId',
    { schema: { tags, params: ChatParams, body: UpdateChatInput, response: { 200: Chat } } },
    (req) => renameChat(deps, actorOf(req), { ...req.body, chatId: req.params.chatId }),
  );

  app.post('/chats/:chatId/read', { schema: { tags, params: ChatParams, response: { 200: Chat } } }, (req) =>
    markChatRead(db, actorOf(req).userId, req.params.chatId),
  );

  app.delete(
    '/chats/:chatId',
    { schema: { tags, params: ChatParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteChat(deps, actorOf(req), { chatId: req.params.chatId });
      return reply.code(204).send(null);
    },
  );
};
