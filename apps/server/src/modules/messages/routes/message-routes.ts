import { ChatParams } from '@deckhand/contract/chats';
import {
  CreateMessageInput,
  Message,
  MessageListQuery,
  MessageParams,
  ReactionParams,
  UpdateMessageInput,
} from '@deckhand/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth-guard';
import { removeStoredObjects } from '../../files/service/files';
import { publishToMembers } from '../../projects/publish';
import { notifyAboutMessage } from '../notify';
import { deleteMessage, editMessage, listMessages, postMessage } from '../service/messages';
import { setReaction } from '../service/reactions';

const tags = ['messages'];

type MessageEvent = 'message_created' | 'message_updated' | 'message_deleted' | 'reaction_updated';

/** Messages in a chat, and reactions to them. Live events go to the project's members after each commit. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db, fileLinks: links, storage } = deps;
  app.addHook('onRequest', app.authenticate);

  function publish(type: MessageEvent, m: { projectId: string; cardId: string; chatId: string; messageId: string }) {
    return publishToMembers(deps, m.projectId, {
      type,
      project_id: m.projectId,
      card_id: m.cardId,
      chat_id: m.chatId,
      message_id: m.messageId,
    });
  }

  function publishMessage(type: MessageEvent, message: Message) {
    return publish(type, {
      projectId: message.project_id,
      cardId: message.card_id,
      chatId: message.chat_id,
      messageId: message.id,
    });
  }

  app.get(
    '/chats/:chatId/messages',
    { schema: { tags, params: ChatParams, querystring: MessageListQuery, response: { 200: z.array(Message) } } },
    (req) => listMessages(db, links, actorOf(req).userId, req.params.chatId, req.query),
  );

  app.post(
    '/chats/:chatId/messages',
    { schema: { tags, params: ChatParams, body: CreateMessageInput, response: { 201: Message } } },
    async (req, reply) => {
      const posted = await postMessage(db, links, actorOf(req).userId, req.params.chatId, req.body);
      await publishMessage('message_created', posted.message);
      void notifyAboutMessage(deps, posted);
      return reply.code(201).send(posted.message);
    },
  );

  app.patch(
    '/messages/:messageId',
    { schema: { tags, params: MessageParams, body: UpdateMessageInput, response: { 200: Message } } },
    async (req) => {
      const { message } = await editMessage(db, links, actorOf(req).userId, req.params.messageId, req.body);
      await publishMessage('message_updated', message);
      return message;
    },
  );

  app.delete(
    '/messages/:messageId',
    { schema: { tags, params: MessageParams, response: { 204: z.null() } } },
    async (req, reply) => {
      const { fileKeys, ...access } = await deleteMessage(db, actorOf(req).userId, req.params.messageId);
      await removeStoredObjects(storage, fileKeys);
      await publish('message_deleted', access);
      return reply.code(204).send(null);
    },
  );

  for (const [method, on] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    app.route({
      method,
      url: '/messages/:messageId/reactions/:emoji',
      schema: { tags, params: ReactionParams, response: { 200: Message } },
      handler: async (req) => {
        const { messageId, emoji } = req.params;
        const { message } = await setReaction(db, links, actorOf(req).userId, messageId, emoji, on);
        await publishMessage('reaction_updated', message);
        return message;
      },
    });
  }
};
