import {
  Accepted,
  AuthSession,
  LoginInput,
  Ok,
  PasswordResetConfirmInput,
  PasswordResetInput,
  RegisterInput,
  VerifyEmailInput,
} from '@deckhand/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth-guard';
import { confirmPasswordReset } from './commands/confirm-password-reset';
import { revokeRefreshToken, rotateRefreshToken } from './commands/refresh-tokens';
import { registerAccount } from './commands/register-account';
import { requestPasswordReset } from './commands/request-password-reset';
import { resendVerificationMail } from './commands/resend-verification-mail';
import { login } from './commands/sign-in';
import { verifyEmail } from './commands/verify-email';
import { getAuthUser } from './queries/users';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const secure = deps.config.publicUrl.startsWith('https:');

  app.post(
    '/auth/register',
    { schema: { tags, body: RegisterInput, response: { 201: AuthSession } } },
    async (req, reply) => {
      const session = await registerAccount(deps, { ...req.body, address: req.ip });
      setRefreshCookie(reply, session.refreshToken, secure);
      return reply.code(201).send(session.body);
    },
  );

  app.post(
    '/auth/login',
    { schema: { tags, body: LoginInput, response: { 200: AuthSession } } },
    async (req, reply) => {
      const session = await login(deps, req.body, req.ip);
      setRefreshCookie(reply, session.refreshToken, secure);
      return session.body;
    },
  );

  const refreshResponses = { 200: AuthSession, 204: z.null().describe('No session cookie came: not signed in') };
  app.post('/auth/refresh', { schema: { tags, response: refreshResponses } }, async (req, reply) => {
    const token = readRefreshCookie(req);
    // Every page load asks, signed in or not: a visitor without a session is an answer, not an error, so
    // an anonymous page logs no failed request. A cookie that is present but invalid stays a 401.
    if (!token) return reply.code(204).send(null);
    try {
      const rotated = await rotateRefreshToken(deps.db, token);
      setRefreshCookie(reply, rotated.token, secure);
      const [idToken, user] = await Promise.all([
        deps.idTokens.sign({ userId: rotated.userId }),
        getAuthUser(deps.db, rotated.userId),
      ]);
      return { id_token: idToken, user };
    } catch (err) {
      clearRefreshCookie(reply, secure);
      throw err;
    }
  });

  app.post('/auth/logout', { schema: { tags, response: { 204: z.null() } } }, async (req, reply) => {
    const token = readRefreshCookie(req);
    if (token) await revokeRefreshToken(deps.db, token);
    clearRefreshCookie(reply, secure);
    return reply.code(204).send(null);
  });

  app.post(
    '/auth/password-reset',
    { schema: { tags, body: PasswordResetInput, response: { 202: Accepted } } },
    async (req, reply) => {
      await requestPasswordReset(deps, { email: req.body.email, address: req.ip });
      return reply.code(202).send({ status: 'accepted' as const });
    },
  );

  app.post(
    '/auth/password-reset/confirm',
    { schema: { tags, body: PasswordResetConfirmInput, response: { 200: Ok } } },
    async (req, reply) => {
      await confirmPasswordReset(deps, req.body.token, req.body.password);
      clearRefreshCookie(reply, secure);
      return { status: 'ok' as const };
    },
  );

  app.post('/auth/verify-email', { schema: { tags, body: VerifyEmailInput, response: { 200: Ok } } }, async (req) => {
    await verifyEmail(deps, req.body.token);
    return { status: 'ok' as const };
  });

  app.post(
    '/auth/verification-mail',
    { onRequest: app.authenticate, schema: { tags, response: { 202: Accepted } } },
    async (req, reply) => {
      await resendVerificationMail(deps, actorOf(req));
      return reply.code(202).send({ status: 'accepted' as const });
    },
  );
};
