import {
  Notification,
  NotificationListQuery,
  NotificationParams,
  PushRegisterInput,
  PushUnregisterInput,
  UnreadCount,
} from '@deckhand/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth-guard';
import { deleteNotification } from './commands/delete-notification';
import { markAllRead } from './commands/mark-all-read';
import { markRead } from './commands/mark-read';
import { registerSubscription, unregisterSubscription } from './commands/push-subscriptions';
import { countUnread, listNotifications } from './service';

const tags = ['notifications'];

/**
 * Spec §7's notification and push calls. Every change tells the owner's other tabs (`notification_update`): see
 * subscribers.ts.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db } = deps;
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/notifications',
    { schema: { tags, querystring: NotificationListQuery, response: { 200: z.array(Notification) } } },
    (req) => listNotifications(db, actorOf(req), req.query),
  );

  app.get('/notifications/unread-count', { schema: { tags, response: { 200: UnreadCount } } }, async (req) => ({
    count: await countUnread(db, actorOf(req)),
  }));

  // Registered before /notifications/:id/read so that the literal path wins.
  app.put('/notifications/mark-all-read', { schema: { tags, response: { 200: UnreadCount } } }, async (req) => {
    await markAllRead(deps, actorOf(req));
    return { count: 0 };
  });

  app.put(
    '/notifications/:id/read',
    { schema: { tags, params: NotificationParams, response: { 200: Notification } } },
    (req) => markRead(deps, actorOf(req), { notificationId: req.params.id }),
  );

  app.delete(
    '/notifications/:id',
    { schema: { tags, params: NotificationParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteNotification(deps, actorOf(req), { notificationId: req.params.id });
      return reply.code(204).send(null);
    },
  );
};

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  // Public: the key is public by nature, and the page may ask before the session is restored.
  app.get('/push/vapidPublicKey', { schema: { tags, response: { 200: z.string() } } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').send(deps.push.publicKey),
  );

  app.post(
    '/push/register',
    { onRequest: app.authenticate, schema: { tags, body: PushRegisterInput, response: { 201: z.null() } } },
    async (req, reply) => {
      await registerSubscription(deps, actorOf(req).userId, req.body.subscription);
      return reply.code(201).send(null);
    },
  );

  app.delete(
    '/push/register',
    { onRequest: app.authenticate, schema: { tags, body: PushUnregisterInput, response: { 204: z.null() } } },
    async (req, reply) => {
      await unregisterSubscription(deps, actorOf(req).userId, req.body.endpoint);
      return reply.code(204).send(null);
    },
  );
};
