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
import { deleteMessage } from '../commands/delete-message';
import { editMessage } from '../commands/edit-message';
import { postMessage } from '../commands/post-message';
import { setReaction } from '../commands/set-reaction';
import { listMessages } from '../queries/messages';

const tags = ['messages'];

/** Messages in a chat, and reactions to them. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/chats/:chatId/messages',
    { schema: { tags, params: ChatParams, querystring: MessageListQuery, response: { 200: z.array(Message) } } },
    (req) => listMessages(deps.db, deps.fileLinks, actorOf(req).userId, req.params.chatId, req.query),
  );

  app.post(
    '/chats/:chatId/messages',
    { schema: { tags, params: ChatParams, body: CreateMessageInput, response: { 201: Message } } },
    async (req, reply) =>
      reply.code(201).send(await postMessage(deps, actorOf(req), { ...req.body, chatId: req.params.chatId })),
  );

  app.patch(
    '/messages/:messageId',
    { schema: { tags, params: MessageParams, body: UpdateMessageInput, response: { 200: Message } } },
    (req) => editMessage(deps, actorOf(req), { ...req.body, messageId: req.params.messageId }),
  );

  app.delete(
    '/messages/:messageId',
    { schema: { tags, params: MessageParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteMessage(deps, actorOf(req), { messageId: req.params.messageId });
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
      handler: (req) => setReaction(deps, actorOf(req), { ...req.params, on }),
    });
  }
};
