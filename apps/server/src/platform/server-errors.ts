import type { FastifyBaseLogger } from 'fastify';

/** Where a failed request happened, attached to its report. */
export interface ServerErrorContext {
  method: string;
  /** Path without the query string, which may carry tokens. */
  path: string;
  userId: string | null;
}

/** Receives the server's own unexpected errors (the 500s) besides the log. */
export interface ServerErrorReporter {
  /** Resolves when the report is handed over; never rejects, so reporting cannot add a second failure. */
  report(err: unknown, context: ServerErrorContext): Promise<void>;
  close(): Promise<void>;
}

const flushTimeoutMs = 2000;

/**
 * Sends the server's errors to SENTRY_DSN with @sentry/node. The SDK is imported only here, when a
 * DSN is set, and used as a plain client: no global hub and no auto-instrumentation of the process.
 */
export async function createSentryReporter(
  options: { dsn: string; release: string; publicUrl: string },
  log: FastifyBaseLogger,
): Promise<ServerErrorReporter> {
  const { dsn, release, publicUrl } = options;
  const { NodeClient, Scope, defaultStackParser, makeNodeTransport } = await import('@sentry/node');
  const client = new NodeClient({
    dsn,
    release,
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [],
  });
  client.init();
  return {
    async report(err, context) {
      try {
        const scope = new Scope();
        scope.setClient(client);
        if (context.userId) scope.setUser({ id: context.userId });
        scope.setTag('route', `${context.method} ${context.path}`);
        const request = { method: context.method, url: `${publicUrl}${context.path}` };
        scope.addEventProcessor((event) => ({ ...event, request }));
        scope.captureException(err);
      } catch (reportErr) {
        log.warn({ err: reportErr }, 'server error not sent to Sentry');
      }
    },
    async close() {
      await client.close(flushTimeoutMs);
    },
  };
}
