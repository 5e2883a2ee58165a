import { ApiToken, CreatedApiToken, CreateTokenInput, TokenParams } from '@deckhand/contract/tokens';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth-guard';
import { createToken } from './commands/create-token';
import { revokeToken } from './commands/revoke-token';
import { listTokens } from './queries/tokens';

const tags = ['tokens'];

/** A person's API tokens. Session only: a token cannot manage tokens (the auth guard answers 403). */
export const tokenRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.addHook('onRequest', app.authenticate);

  app.post(
    '/tokens',
    { schema: { tags, body: CreateTokenInput, response: { 201: CreatedApiToken } } },
    async (req, reply) => reply.code(201).send(await createToken(deps, actorOf(req), req.body)),
  );

  app.get('/tokens', { schema: { tags, response: { 200: z.array(ApiToken) } } }, (req) =>
    listTokens(deps.db, actorOf(req).userId),
  );

  app.delete(
    '/tokens/:tokenId',
    { schema: { tags, params: TokenParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await revokeToken(deps, actorOf(req), req.params.tokenId);
      return reply.code(204).send(null);
    },
  );
};
