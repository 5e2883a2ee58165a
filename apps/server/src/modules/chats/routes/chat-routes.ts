import { CardParams } from '@deckhand/contract/cards';
import { Chat, ChatParams, CreateChatInput, UpdateChatInput } from '@deckhand/contract/chats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth-guard';
import { publishToMembers } from '../../projects/publish';
import { createChat, deleteChat, listChats, markChatRead, renameChat } from '../service/chats';

const tags = ['chats'];

/** A card's chats: list, open, rename, delete. Live events go to the project's members after each commit. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;
  app.addHook('onRequest', app.authenticate);

  function publish(
    type: 'chat_created' | 'chat_updated' | 'chat_deleted',
    chat: { projectId: string; cardId: string; chatId: string },
  ) {
    return publishToMembers(deps, chat.projectId, {
      type,
      project_id: chat.projectId,
      card_id: chat.cardId,
      chat_id: chat.chatId,
    });
  }

  app.get('/cards/:cardId/chats', { schema: { tags, params: CardParams, response: { 200: z.array(Chat) } } }, (req) =>
    listChats(db, actorOf(req).userId, req.params.cardId),
  );

  app.post(
    '/cards/:cardId/chats',
    { schema: { tags, params: CardParams, body: CreateChatInput, response: { 201: Chat } } },
    async (req, reply) => {
      const chat = await createChat(db, actorOf(req).userId, req.params.cardId, req.body);
      await publish('chat_created', { projectId: chat.project_id, cardId: chat.card_id, chatId: chat.id });
      return reply.code(201).send(chat);
    },
  );

  app.patch(
    '/chats/:chatId',
    { schema: { tags, params: ChatParams, body: UpdateChatInput, response: { 200: Chat } } },
    async (req) => {
      const chat = await renameChat(db, actorOf(req).userId, req.params.chatId, req.body);
      await publish('chat_updated', { projectId: chat.project_id, cardId: chat.card_id, chatId: chat.id });
      return chat;
    },
  );

  app.post('/chats/:chatId/read', { schema: { tags, params: ChatParams, response: { 200: Chat } } }, (req) =>
    markChatRead(db, actorOf(req).userId, req.params.chatId),
  );

  app.delete(
    '/chats/:chatId',
    { schema: { tags, params: ChatParams, response: { 204: z.null() } } },
    async (req, reply) => {
      const { chatId } = req.params;
      const { cardId, projectId } = await deleteChat(db, actorOf(req).userId, chatId);
      await publish('chat_deleted', { projectId, cardId, chatId });
      return reply.code(204).send(null);
    },
  );
};
