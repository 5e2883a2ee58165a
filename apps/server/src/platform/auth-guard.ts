import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from './actor';
import { AppError } from './errors';
import type { IdTokens } from './id-tokens';

function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.*)$/i.exec(header);
  return match?.[1]?.trim() || undefined;
}

/**
 * Reads the Bearer ID token of every request into `req.actor` (null when absent or invalid) and
 * provides `app.authenticate` for routes that require it.
 */
export function registerAuthGuard(app: FastifyInstance, idTokens: IdTokens): void {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req);
    if (!token) return;
    const claims = await idTokens.verify(token);
    if (claims) req.actor = { userId: claims.userId };
  });
  app.decorate('authenticate', async (req: FastifyRequest) => {
    if (req.actor) return;
    const message = bearerToken(req) ? 'The ID token is invalid or expired' : 'Sign in to continue';
    throw new AppError('auth/unauthenticated', message);
  });
}

/** The caller of a route guarded by `app.authenticate`. */
export function actorOf(req: FastifyRequest): Actor {
  if (!req.actor) throw new AppError('auth/unauthenticated', 'Sign in to continue');
  return req.actor;
}
