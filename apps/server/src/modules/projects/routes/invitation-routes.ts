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
import { notifyMembership } from '../notify';
import { publishInvitationChange, publishToMembers } from '../publish';
import { acceptInvitation, previewInvitation, resendInvitation, revokeInvitation } from '../service/invitations';
import { touchProject } from '../service/projects';

const tags = ['projects'];

/** Invitations: revoke and resend (admins), and the link a person follows to preview and accept one. */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db, usage } = deps;

  app.delete(
    '/projects/:projectId/invitations/:invitationId',
    { onRequest: app.authenticate, schema: { tags, params: InvitationParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await revokeInvitation(db, actorOf(req).userId, req.params.projectId, req.params.invitationId);
      await publishInvitationChange(deps, req.params.projectId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/projects/:projectId/invitations/:invitationId/resend',
    { onRequest: app.authenticate, schema: { tags, params: InvitationParams, response: { 200: Invitation } } },
    async (req) => {
      const invitation = await resendInvitation(
        deps,
        actorOf(req).userId,
        req.params.projectId,
        req.params.invitationId,
      );
      await publishInvitationChange(deps, req.params.projectId);
      return invitation;
    },
  );

  // Public, so that an anonymous visitor sees what they were invited to before signing in.
  app.get(
    '/invitations/:token',
    { schema: { tags, params: InvitationTokenParams, response: { 200: InvitationPreview } } },
    (req) => previewInvitation(db, req.params.token),
  );

  app.post(
    '/invitations/:token/accept',
    {
      onRequest: app.authenticate,
      schema: { tags, params: InvitationTokenParams, response: { 200: AcceptedInvitation } },
    },
    async (req) => {
      const { userId } = actorOf(req);
      const accepted = await acceptInvitation(db, userId, req.params.token);
      await publishInvitationChange(deps, accepted.projectId);
      if (accepted.joined) {
        await touchProject(db, accepted.projectId);
        await publishToMembers(deps, accepted.projectId, {
          type: 'member_added',
          project_id: accepted.projectId,
          user_id: userId,
        });
        void usage.record({
          name: 'project_member_added',
          userId,
          properties: { project_id: accepted.projectId, user_id: userId },
        });
        if (accepted.inviterId) {
          await notifyMembership(deps, {
            kind: 'invitation-accepted',
            projectId: accepted.projectId,
            actorId: userId,
            inviterId: accepted.inviterId,
          });
        }
      }
      return { project_id: accepted.projectId };
    },
  );
};
