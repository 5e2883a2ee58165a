import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor, ActorToken } from './actor';
import { AppError } from './errors';
import type { IdTokens } from './id-tokens';

function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.*)$/i.exec(header);
  return match?.[1]?.trim() || undefined;
}

/** API tokens (modules/tokens): told apart from ID tokens by their prefix, looked up in the database. */
export interface ApiTokenCheck {
  isApiToken(bearer: string): boolean;
  /** The owner and limits of a valid token; undefined for one unknown, revoked or expired. */
  verify(bearer: string): Promise<{ userId: string; token: ActorToken } | undefined>;
}

/**
 * What a token may never do, whatever its scope: manage tokens or webhooks, or anything of its owner's sign-in
 * (password, email, sessions). These need the person, signed in. Matched against the route's pattern, never the
 * URL: `/api//tokens` and `/api/%74okens` reach the same route as `/api/tokens`.
 */
const sessionOnly = /^\/api\/(?:auth|tokens|webhooks)(?:\/|$)|^\/api\/projects\/:[^/]+\/webhooks(?:\/|$)/;
const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses what the token's scope does not allow: 403, before the route runs. */
function checkTokenScope(req: FastifyRequest, token: ActorToken): void {
  if (sessionOnly.test(req.routeOptions.url ?? '')) {
    throw new AppError(
      'tokens/session-required',
      'An API token cannot manage tokens, webhooks or its owner’s sign-in: sign in to do that',
    );
  }
  if (token.scope === 'read' && !readMethods.has(req.method)) {
    throw new AppError('tokens/insufficient-scope', 'This API token is read only: it allows GET requests only');
  }
}

/**
 * Reads the Bearer token of every request into `req.actor` (null when absent or invalid): an ID token from a
 * sign-in, or an API token, which acts as its owner within its scope. Provides `app.authenticate` for routes
 * that require a caller.
 */
export function registerAuthGuard(app: FastifyInstance, idTokens: IdTokens, apiTokens: ApiTokenCheck): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req) => {
    const bearer = bearerToken(req);
    if (!bearer) return;
    if (apiTokens.isApiToken(bearer)) {
      const found = await apiTokens.verify(bearer);
      if (!found) return;
      checkTokenScope(req, found.token);
      req.actor = { userId: found.userId, token: found.token };
      return;
    }
    const claims = await idTokens.verify(bearer);
    if (claims) req.actor = { userId: claims.userId };
  });
  app.decorate('authenticate', async (req: FastifyRequest) => {
    if (req.actor) return;
    const bearer = bearerToken(req);
    const message = !bearer
      ? 'Sign in to continue'
      : apiTokens.isApiToken(bearer)
        ? 'The API token is invalid, expired or revoked'
        : 'The ID token is invalid or expired';
    throw new AppError('auth/unauthenticated', message);
  });
}

/** The caller of a route guarded by `app.authenticate`. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError('auth/unauthenticated', 'Sign in to continue');
  return req.actor;
}
