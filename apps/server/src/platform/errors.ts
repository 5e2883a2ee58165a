import type { ErrorCode } from '@deckhand/contract/error-codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isConnectionFailure, isTransactionRace } from '../db/errors';
import type { ServerErrorContext } from './server-errors';

const statusOf = {
  'request/invalid': 400,
  'request/invalid-json': 400,
  'request/too-large': 413,
  'request/unsupported-media-type': 415,
  'request/not-found': 404,
  'request/rate-limited': 429,
  'service/unavailable': 503,
  'auth/unauthenticated': 401,
  'auth/invalid-email': 400,
  'auth/email-already-in-use': 409,
  'auth/weak-password': 400,
  'auth/invalid-credential': 401,
  'auth/user-not-found': 404,
  'auth/too-many-attempts': 429,
  'auth/invalid-refresh-token': 401,
  'auth/invalid-reset-token': 400,
  'auth/invalid-verification-token': 400,
  'auth/oidc-not-configured': 404,
  'auth/oidc-failed': 400,
  'projects/not-found': 404,
  'projects/forbidden': 403,
  'projects/owner-required': 409,
  'projects/already-member': 409,
  'projects/invitation-not-found': 404,
  'projects/invitation-expired': 410,
  'cards/not-found': 404,
  'cards/forbidden': 403,
  'chats/not-found': 404,
  'chats/forbidden': 403,
  'chats/last-chat': 409,
  'messages/not-found': 404,
  'messages/forbidden': 403,
  'statuses/not-found': 404,
  'statuses/forbidden': 403,
  'statuses/name-taken': 409,
  'statuses/not-empty': 409,
  'statuses/last-status': 409,
  'statuses/too-many': 409,
  'tasks/not-found': 404,
  'tasks/forbidden': 403,
  'tasks/no-status': 409,
  'files/not-found': 404,
  'files/forbidden': 403,
  'files/too-large': 413,
  'files/invalid-link': 403,
  'exports/not-found': 404,
  'exports/forbidden': 403,
  'exports/invalid-link': 403,
  'imports/not-found': 404,
  'imports/too-large': 413,
  'imports/missing-file': 400,
  'imports/unsupported-file': 415,
  'files/range-not-satisfiable': 416,
  'notifications/not-found': 404,
  'push/invalid-endpoint': 400,
  'push/not-found': 404,
  'admin/not-found': 404,
  'reports/not-found': 404,
  'reports/invalid-envelope': 400,
  'reports/missing-key': 401,
  'reports/invalid-key': 403,
  'reports/unknown-project': 404,
  'reports/unsupported-encoding': 415,
  'insights/invalid-range': 400,
  'search/invalid-query': 400,
  'tokens/not-found': 404,
  'tokens/invalid': 400,
  'tokens/too-many': 409,
  'tokens/insufficient-scope': 403,
  'tokens/session-required': 403,
  'webhooks/not-found': 404,
  'webhooks/forbidden': 403,
  'webhooks/invalid-url': 400,
  'webhooks/too-many': 409,
  internal: 500,
} satisfies Record<ErrorCode, number>;

/** An error whose code and message are safe to show to the client. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Seconds, sent as Retry-After on 429s and 503s. */
  readonly retryAfterSeconds: number | undefined;
  constructor(code: ErrorCode, message: string, options?: ErrorOptions & { retryAfterSeconds?: number }) {
    super(message, options);
    this.code = code;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
  get status(): number {
    return statusOf[this.code];
  }
}

export function sendError(reply: FastifyReply, code: ErrorCode, message: string): FastifyReply {
  return reply.code(statusOf[code]).send({ error: { code, message } });
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function describeValidation(context: string | undefined, issues: readonly ValidationIssue[]): string {
  const first = issues[0];
  const issuePath =
    first?.params?.issue?.path?.map(String).join('.') ?? first?.instancePath?.replace(/^\//, '').replaceAll('/', '.');
  const where = [context, issuePath].filter(Boolean).join('.');
  const message = first?.params?.issue?.message ?? first?.message ?? 'Invalid value';
  return where ? `${where}: ${message}` : message;
}

/** Fastify's own error codes that come from client input, mapped to ours. */
const clientFastifyErrors: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'request/invalid-json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'request/invalid-json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'request/too-large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'request/unsupported-media-type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'request/invalid',
  FST_ERR_CTP_INVALID_TYPE: 'request/invalid',
  FST_ERR_CTP_EMPTY_TYPE: 'request/invalid',
};

/** Called for every 500 (a bug) besides the log; must not throw. */
export type UnexpectedErrorSink = (err: Error, context: ServerErrorContext) => void;

/** What a client is told to wait when the database is away: a restart or a failover takes seconds. */
const unreachableRetryAfterSeconds = 5;
/** A race between two transactions is over once one of them is rolled back. */
const raceRetryAfterSeconds = 1;

function contextOf(req: FastifyRequest): ServerErrorContext {
  return { method: req.method, path: req.url.split('?')[0] ?? req.url, userId: req.actor?.userId ?? null };
}

/**
 * One place decides what clients see: known codes pass through, input errors are 4xx, anything else
 * is a 500, logged and handed to `onUnexpected` (the error reports, or Sentry).
 */
export function registerErrorHandlers(app: FastifyInstance, onUnexpected: UnexpectedErrorSink = () => {}): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.retryAfterSeconds !== undefined) reply.header('Retry-After', String(err.retryAfterSeconds));
      return sendError(reply, err.code, err.message);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return sendError(reply, 'request/invalid', describeValidation(err.validationContext, err.validation));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      onUnexpected(err, contextOf(req));
      return sendError(reply, 'internal', 'Internal error');
    }
    const mapped = err.code ? clientFastifyErrors[err.code] : undefined;
    if (mapped) return sendError(reply, mapped, err.message);
    if (err.code === 'FST_ERR_RATE_LIMIT' || err.statusCode === 429) {
      return sendError(reply, 'request/rate-limited', 'Too many requests, please slow down');
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      req.log.warn({ err }, 'client error without a mapped code');
      return reply.code(err.statusCode).send({ error: { code: 'request/invalid', message: err.message } });
    }
    if (isConnectionFailure(err)) {
      // Not a bug, and no input of the client's: the database (restarting, failing over) or the network.
      const reason = err.cause instanceof Error ? err.cause.message : err.message;
      req.log.warn({ reason }, 'a service this request needs cannot be reached: answered 503');
      reply.header('Retry-After', String(unreachableRetryAfterSeconds));
      return sendError(reply, 'service/unavailable', 'Temporarily unavailable, please try again in a few seconds');
    }
    if (isTransactionRace(err)) {
      // Not the client's doing, and nothing was written: two transactions took the same rows in another order.
      req.log.warn({ err }, 'transaction rolled back by the database to end a race: answered 503');
      reply.header('Retry-After', String(raceRetryAfterSeconds));
      return sendError(
        reply,
        'service/unavailable',
        'Someone changed the same things at that moment; please try again',
      );
    }
    req.log.error({ err }, 'unhandled error');
    onUnexpected(err, contextOf(req));
    return sendError(reply, 'internal', 'Internal error');
  });
}
