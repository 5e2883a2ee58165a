import { type OidcPopupResult, oidcProviders } from '@deckhand/contract/auth';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../platform/errors';
import { newOpaqueToken } from '../../../platform/opaque-tokens';
import { signInFederated } from '../commands/sign-in-federated';
import { setRefreshCookie } from '../refresh-cookie';
import { saveFlowState, takeFlowState } from './flow-state';
import { createOidcClient, type OidcClient } from './oidc-client';
import { popupPage, popupScript } from './popup-page';

const tags = ['auth'];
const flowCookie = 'deckhand_oidc';
const flowCookiePath = '/api/auth/oidc';
const ProviderParams = z.object({ provider: z.enum(oidcProviders) });
// Issuers add their own parameters (iss, scope, session_state…): unknown ones are ignored, not refused.
const CallbackQuery = z.object({
  state: z.string().max(500).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

function sendPopupPage(reply: FastifyReply, status: number, result: OidcPopupResult): FastifyReply {
  reply.header('Cache-Control', 'no-store');
  return reply.code(status).type('text/html; charset=utf-8').send(popupPage(result));
}

function failure(message: string): OidcPopupResult {
  return { type: 'deckhand-oidc', status: 'error', message };
}

/** Federated sign-in in a popup: /start redirects to the issuer, /callback ends on a page that informs the opener. */
export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const secure = deps.config.publicUrl.startsWith('https:');
  const clients = new Map<string, OidcClient>();
  if (deps.config.oidcGoogle)
    clients.set('google', createOidcClient('google', deps.config.oidcGoogle, deps.config.publicUrl));

  app.get('/auth/oidc/popup.js', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(popupScript),
  );

  app.get('/auth/oidc/:provider/start', { schema: { tags, params: ProviderParams } }, async (req, reply) => {
    const oidc = clients.get(req.params.provider);
    if (!oidc) return sendPopupPage(reply, 404, failure('Sign-in with this provider is not set up on this server.'));
    try {
      const { url, secrets } = await oidc.authorizationUrl();
      const browserKey = newOpaqueToken();
      await saveFlowState(deps.db, req.params.provider, secrets, browserKey);
      // Lax, not Strict: the cookie must come back on the issuer's top-level redirect to /callback.
      reply.setCookie(flowCookie, browserKey, {
        path: flowCookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure,
        maxAge: 600,
      });
      return reply.redirect(url.href, 302);
    } catch (err) {
      req.log.warn({ err }, 'federated sign-in could not start');
      return sendPopupPage(reply, 502, failure('The sign-in provider cannot be reached. Try again later.'));
    }
  });

  app.get(
    '/auth/oidc/:provider/callback',
    { schema: { tags, params: ProviderParams, querystring: CallbackQuery } },
    async (req, reply) => {
      const { provider } = req.params;
      const oidc = clients.get(provider);
      reply.clearCookie(flowCookie, { path: flowCookiePath, httpOnly: true, sameSite: 'lax', secure });
      if (!oidc) return sendPopupPage(reply, 404, failure('Sign-in with this provider is not set up on this server.'));
      if (req.query.error) {
        req.log.info({ error: req.query.error, description: req.query.error_description }, 'issuer refused sign-in');
        const message =
          req.query.error === 'access_denied' ? 'Sign-in was cancelled.' : 'The sign-in provider refused the request.';
        return sendPopupPage(reply, 400, failure(message));
      }
      const secrets = req.query.state
        ? await takeFlowState(deps.db, provider, req.query.state, req.cookies[flowCookie])
        : undefined;
      if (!secrets || !req.query.code) {
        return sendPopupPage(
          reply,
          400,
          failure('This sign-in link has expired or was opened elsewhere. Please try again.'),
        );
      }
      try {
        const identity = await oidc.completeSignIn(new URL(req.url, deps.config.publicUrl), secrets);
        const { session, created } = await signInFederated(deps, { provider, identity });
        setRefreshCookie(reply, session.refreshToken, secure);
        return sendPopupPage(reply, 200, {
          type: 'deckhand-oidc',
          status: 'ok',
          id_token: session.body.id_token,
          user: session.body.user,
          new_user: created,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        req.log.warn({ err }, 'federated sign-in failed');
        return sendPopupPage(reply, 400, failure(err.message));
      }
    },
  );
};
