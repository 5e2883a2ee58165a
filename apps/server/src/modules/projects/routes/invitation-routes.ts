import {
  AcceptedInvitation,
  Invitation,
  InvitationParams,
  InvitationPreview,
  InvitationTokenParams,
} from '@deckhand/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../../platform/auth-guard';
import { acceptInvitation } from '../commands/accept-invitation';
import { resendInvitation } from '../commands/resend-invitation';
import { revokeInvitation } from '../commands/revoke-invitation';
import { previewInvitation } from '../service/invitations';

const tags = ['projects'];

/** Invitations: revoke and resend (admins), and the link a person follows to preview and accept one. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  app.delete(
    '/projects/:projectId/invitations/:invitationId',
    { onRequest: app.authenticate, schema: { tags, params: InvitationParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await revokeInvitation(deps, actorOf(req), req.params);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/projects/:projectId/invitations/:invitationId/resend',
    { onRequest: app.authenticate, schema: { tags, params: InvitationParams, response: { 200: Invitation } } },
    (req) => resendInvitation(deps, actorOf(req), req.params),
  );

  // Public, so that an anonymous visitor sees what they were invited to before signing in.
  app.get(
    '/invitations/:token',
    { schema: { tags, params: InvitationTokenParams, response: { 200: InvitationPreview } } },
    (req) => previewInvitation(deps.db, req.params.token),
  );

  app.post(
    '/invitations/:token/accept',
    {
      onRequest: app.authenticate,
      schema: { tags, params: InvitationTokenParams, response: { 200: AcceptedInvitation } },
    },
    async (req) => {
      const { projectId } = await acceptInvitation(deps, actorOf(req), { token: req.params.token });
      return { project_id: projectId };
    },
  );
};
