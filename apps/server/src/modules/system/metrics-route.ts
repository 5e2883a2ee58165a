import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors';
import type { Metrics } from '../../platform/metrics';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /metrics for Prometheus, outside /api as scrapers expect. Off (404, as for any unknown path) unless
 * METRICS_TOKEN is set; then only `Authorization: Bearer <METRICS_TOKEN>` reads it.
 */
export async function registerMetricsRoute(
  app: FastifyInstance,
  metrics: Metrics,
  token: string | undefined,
): Promise<void> {
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (token === undefined) throw new AppError('request/not-found', 'No route for GET /metrics');
    const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (given === undefined || !sameSecret(given, token)) {
      throw new AppError('auth/unauthenticated', 'Metrics need Authorization: Bearer <METRICS_TOKEN>');
    }
    const { contentType, text } = await metrics.render();
    return reply.type(contentType).send(text);
  });
}
