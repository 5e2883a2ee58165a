import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { refreshTokenLifetimeMs } from './commands/refresh-tokens';

export const refreshCookieName = 'deckhand_refresh';
/** Only the auth routes ever see the refresh token. */
const cookiePath = '/api/auth';

export function setRefreshCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(refreshCookieName, token, {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: Math.floor(refreshTokenLifetimeMs / 1000),
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(refreshCookieName, { path: cookiePath, httpOnly: true, sameSite: 'strict', secure });
}

export function readRefreshCookie(req: FastifyRequest): string | undefined {
  return req.cookies[refreshCookieName] || undefined;
}
