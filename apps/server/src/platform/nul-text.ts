import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * PostgreSQL's text holds no U+0000 (nor does jsonb), so a value carrying one fails in the database, whichever
 * column it was for. Refused where requests come in, once for every route: a query string with %00 and a JSON
 * body with the escape \u0000 (a raw NUL is already invalid JSON).
 */
const nulMessage = 'Text cannot contain the NUL character (U+0000)';

/** `\u0000` in JSON text, as an escape: after an even number of backslashes (`\\u0000` is a backslash and "u0000"). */
const nulEscape = /(?<!\\)(?:\\\\)*\\u0000/;

export function nulTextError(jsonText: string): AppError | undefined {
  return nulEscape.test(jsonText) ? new AppError('request/invalid', nulMessage) : undefined;
}

/** Answers 400 to a URL whose path or query holds %00, before any route reads it. */
export function registerNulUrlGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (/%00/.test(request.url)) throw new AppError('request/invalid', nulMessage);
  });
}
