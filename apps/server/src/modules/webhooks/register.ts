import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { uuidv7 } from '../../platform/ids';
import { webhookRoutes } from './routes';
import { createWebhookDispatcher, type WebhookDispatcher } from './service/dispatcher';
import { pruneDeliveries } from './service/prune';
import { createSender } from './service/send-delivery';
import { registerWebhookSubscribers } from './subscribers';

/** How often each instance looks for due deliveries no one is sending (retries, an instance that died). */
const sweepEveryMs = 5_000;
const pruneEveryMs = 60 * 60 * 1000;

/** Every 5 s, the sweep; every hour, deliveries older than 14 days go. */
function startSweeps(deps: AppDeps, dispatcher: WebhookDispatcher): () => Promise<void> {
  let sweeping: Promise<void> | null = null;
  const sweep = () => {
    sweeping ??= dispatcher
      .sweep()
      .catch((err: unknown) => deps.log.warn({ err }, 'webhook sweep failed; the next one tries again'))
      .finally(() => {
        sweeping = null;
      });
  };
  const prune = () => {
    pruneDeliveries(deps.db, new Date()).catch((err: unknown) =>
      deps.log.warn({ err }, 'old webhook deliveries not removed'),
    );
  };
  const sweeps = setInterval(sweep, sweepEveryMs);
  const prunes = setInterval(prune, pruneEveryMs);
  sweeps.unref();
  prunes.unref();
  return async () => {
    clearInterval(sweeps);
    clearInterval(prunes);
    await sweeping;
  };
}

/**
 * Webhooks (issue 27): the routes, the subscribers that turn events into deliveries, and the dispatcher that sends
 * them. Closed with the app, before the database: sends under way finish (at most their 10 s timeout).
 */
export async function registerWebhooks(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const sender = createSender({ allowedHosts: deps.config.webhookAllowedHosts });
  const dispatcher = createWebhookDispatcher(deps, {
    instanceId: uuidv7(),
    sender,
    retryDelaysSeconds: deps.config.webhookRetryDelaysSeconds,
  });
  registerWebhookSubscribers(deps, dispatcher);
  const stopSweeps = startSweeps(deps, dispatcher);
  app.addHook('onClose', async () => {
    await stopSweeps();
    await dispatcher.close();
    sender.close();
  });
  await app.register(webhookRoutes(dispatcher), { prefix: '/api' });
}
