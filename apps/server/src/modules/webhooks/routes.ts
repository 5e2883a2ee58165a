import { ProjectParams } from '@deckhand/contract/projects';
import {
  CreatedWebhook,
  CreateWebhookInput,
  DeliveryListQuery,
  DeliveryPage,
  UpdateWebhookInput,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryParams,
  WebhookParams,
  WebhookSecret,
} from '@deckhand/contract/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth-guard';
import { createWebhook, deleteWebhook, rotateWebhookSecret, updateWebhook } from './commands/manage-webhooks';
import { redeliver, sendPing } from './commands/send-again';
import { listDeliveries, listWebhooks } from './queries/webhooks';
import type { WebhookDispatcher } from './service/dispatcher';

const tags = ['webhooks'];

/**
 * A project's webhooks, for its admins and owner; session only (the auth guard refuses API tokens here). What is
 * queued to send (a redelivery, a ping, a webhook enabled again) is handed to the dispatcher at once.
 */
export function webhookRoutes(dispatcher: WebhookDispatcher): FastifyPluginAsyncZod {
  return async (app) => {
    const { deps } = app;
    const { db } = deps;
    app.addHook('onRequest', app.authenticate);

    app.post(
      '/projects/:projectId/webhooks',
      { schema: { tags, params: ProjectParams, body: CreateWebhookInput, response: { 201: CreatedWebhook } } },
      async (req, reply) =>
        reply.code(201).send(await createWebhook(deps, actorOf(req), req.params.projectId, req.body)),
    );

    app.get(
      '/projects/:projectId/webhooks',
      { schema: { tags, params: ProjectParams, response: { 200: z.array(Webhook) } } },
      (req) => listWebhooks(db, actorOf(req), req.params.projectId),
    );

    app.patch(
      '/webhooks/:webhookId',
      { schema: { tags, params: WebhookParams, body: UpdateWebhookInput, response: { 200: Webhook } } },
      async (req) => {
        const webhook = await updateWebhook(deps, actorOf(req), req.params.webhookId, req.body);
        if (webhook.enabled) dispatcher.nudge([webhook.id]);
        return webhook;
      },
    );

    app.delete(
      '/webhooks/:webhookId',
      { schema: { tags, params: WebhookParams, response: { 204: z.null() } } },
      async (req, reply) => {
        await deleteWebhook(deps, actorOf(req), req.params.webhookId);
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/webhooks/:webhookId/rotate-secret',
      { schema: { tags, params: WebhookParams, response: { 200: WebhookSecret } } },
      (req) => rotateWebhookSecret(deps, actorOf(req), req.params.webhookId),
    );

    app.get(
      '/webhooks/:webhookId/deliveries',
      { schema: { tags, params: WebhookParams, querystring: DeliveryListQuery, response: { 200: DeliveryPage } } },
      (req) => listDeliveries(db, actorOf(req), req.params.webhookId, req.query),
    );

    app.post(
      '/webhooks/:webhookId/deliveries/:deliveryId/redeliver',
      { schema: { tags, params: WebhookDeliveryParams, response: { 202: WebhookDelivery } } },
      async (req, reply) => {
        const delivery = await redeliver(deps, actorOf(req), req.params.webhookId, req.params.deliveryId);
        dispatcher.nudge([req.params.webhookId]);
        return reply.code(202).send(delivery);
      },
    );

    app.post(
      '/webhooks/:webhookId/test',
      { schema: { tags, params: WebhookParams, response: { 202: WebhookDelivery } } },
      async (req, reply) => {
        const delivery = await sendPing(deps, actorOf(req), req.params.webhookId);
        dispatcher.nudge([req.params.webhookId]);
        return reply.code(202).send(delivery);
      },
    );
  };
}
