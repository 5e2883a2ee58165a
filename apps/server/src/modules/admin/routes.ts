import { AdminAccess } from '@deckhand/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireInstanceAdmin } from './queries/instance-admin';

const tags = ['admin'];

/** Lets the web app decide whether to show the admin links: 200 for instance admins, 404 for everyone else. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.get(
    '/admin/access',
    { onRequest: app.authenticate, schema: { tags, response: { 200: AdminAccess } } },
    async (req) => {
      await requireInstanceAdmin(deps, req.actor);
      return { admin: true as const };
    },
  );
};
