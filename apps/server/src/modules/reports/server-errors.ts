import { randomUUID } from 'node:crypto';
import type { ReportEvent } from '@deckhand/contract/reports';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { ServerErrorContext, ServerErrorReporter } from '../../platform/server-errors';
import { groupKeyOf } from './intake/fingerprint';
import { recordErrorEvent } from './service/error-groups';
import { exceptionsOf } from './stack';

export interface ServerInstance {
  release: string;
  publicUrl: string;
}

/** The server's own failure, shaped like an SDK's error event. */
export function serverErrorEvent(
  err: unknown,
  context: ServerErrorContext,
  instance: ServerInstance,
  at: Date,
): ReportEvent {
  return {
    event_id: randomUUID().replaceAll('-', ''),
    timestamp: at.toISOString(),
    platform: 'node',
    level: 'error',
    message: `${context.method} ${context.path}`,
    browser: null,
    os: null,
    user_agent: null,
    release: instance.release,
    environment: null,
    user_id: context.userId,
    url: `${instance.publicUrl}${context.path}`,
    replay_id: null,
    exception: exceptionsOf(err),
  };
}

/** Records the server's 500s in the same error groups as the browser's errors (no SENTRY_DSN). */
export function createLocalErrorReporter(
  db: Db,
  instance: ServerInstance,
  log: FastifyBaseLogger,
): ServerErrorReporter {
  return {
    async report(err, context) {
      try {
        const receivedAt = new Date();
        const event = serverErrorEvent(err, context, instance, receivedAt);
        await recordErrorEvent(db, { key: groupKeyOf(event), event }, receivedAt);
      } catch (reportErr) {
        // The database may be what failed in the first place; the log still has the original error.
        log.warn({ err: reportErr }, 'server error not recorded in error reports');
      }
    },
    close: async () => {},
  };
}
