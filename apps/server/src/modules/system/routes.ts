import { ClientConfig } from '@deckhand/contract/client-config';
import { ClientEventInput } from '@deckhand/contract/events';
import { Health, Ready } from '@deckhand/contract/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportingDsn } from '../reports/queries/reporting-dsn';
import { recordClientEvent } from './commands/record-client-event';

const tags = ['system'];

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const sentryDsn = await reportingDsn(deps.db, deps.config);

  // The process listens only after migrations have run, so answering at all means healthy.
  app.get('/health', { schema: { tags, response: { 200: Health } } }, async () => ({ status: 'ok' as const }));

  // Readiness for a load balancer: whether this instance can serve now, and not once it has begun to drain.
  app.get('/ready', { schema: { tags, response: { 200: Ready, 503: Ready } } }, async (_req, reply) => {
    const { ready, draining, parts } = await deps.readiness.report(deps.drain.draining);
    if (!ready) reply.code(503).header('Retry-After', '5');
    return { ...parts, ...(draining && { draining: true as const }) };
  });

  app.get('/client-config', { schema: { tags, response: { 200: ClientConfig } } }, async () => ({
    version: deps.config.version,
    oidc_google_enabled: deps.config.oidcGoogle !== undefined,
    sentry_dsn: sentryDsn,
    sentry_own_intake: deps.config.sentryDsn === undefined,
    feedback_require_name: deps.config.feedbackRequireName,
    feedback_require_email: deps.config.feedbackRequireEmail,
    file_max_bytes: deps.config.fileMaxBytes,
  }));

  app.post('/events', { schema: { tags, body: ClientEventInput, response: { 202: z.null() } } }, async (req, reply) => {
    await recordClientEvent(deps, req.actor, { ...req.body, address: req.ip });
    return reply.code(202).send(null);
  });
};
