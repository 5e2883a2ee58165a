import {
  AddMemberInput,
  Invitation,
  Member,
  MemberList,
  MemberParams,
  Project,
  ProjectParams,
  TransferInput,
  UpdateMemberInput,
} from '@deckhand/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notModified, sendAnswer } from '../../../platform/answer-cache';
import { actorOf } from '../../../platform/auth-guard';
import { notifyMembership } from '../notify';
import { publishInvitationChange, publishToMembers } from '../publish';
import { addMemberOrInvite } from '../service/invitations';
import { createListAnswers } from '../service/list-answers';
import { removeMember, transferOwnership, updateMemberRole } from '../service/members';
import { getProject, touchProject } from '../service/projects';

const tags = ['projects'];

/** A project's members: list, add (or invite), change role, remove or leave, and ownership transfer. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db, usage } = deps;
  const lists = createListAnswers(deps);

  app.get(
    '/projects/:projectId/members',
    {
      onRequest: app.authenticate,
      schema: { tags, params: ProjectParams, response: { 200: MemberList, 304: notModified } },
    },
    async (req, reply) => sendAnswer(req, reply, await lists.members(actorOf(req).userId, req.params.projectId)),
  );

  app.post(
    '/projects/:projectId/members',
    {
      onRequest: app.authenticate,
      schema: { tags, params: ProjectParams, body: AddMemberInput, response: { 201: Member, 202: Invitation } },
    },
    async (req, reply) => {
      const { userId } = actorOf(req);
      const { projectId } = req.params;
      const result = await addMemberOrInvite(deps, userId, projectId, req.body);
      if (result.kind === 'invitation') {
        await publishInvitationChange(deps, projectId);
        return reply.code(202).send(result.invitation);
      }
      await touchProject(db, projectId);
      await publishToMembers(deps, projectId, {
        type: 'member_added',
        project_id: projectId,
        user_id: result.member.user_id,
      });
      void usage.record({
        name: 'project_member_added',
        userId,
        properties: { project_id: projectId, user_id: result.member.user_id },
      });
      await notifyMembership(deps, {
        kind: 'added',
        projectId,
        actorId: userId,
        userId: result.member.user_id,
        role: result.member.role,
      });
      return reply.code(201).send(result.member);
    },
  );

  app.patch(
    '/projects/:projectId/members/:userId',
    {
      onRequest: app.authenticate,
      schema: { tags, params: MemberParams, body: UpdateMemberInput, response: { 200: Member } },
    },
    async (req) => {
      const { projectId, userId } = req.params;
      const actorId = actorOf(req).userId;
      const member = await updateMemberRole(db, actorId, projectId, userId, req.body.role);
      await publishToMembers(deps, projectId, { type: 'member_updated', project_id: projectId, user_id: userId });
      await notifyMembership(deps, { kind: 'role-changed', projectId, actorId, userId, role: member.role });
      return member;
    },
  );

  app.delete(
    '/projects/:projectId/members/:userId',
    { onRequest: app.authenticate, schema: { tags, params: MemberParams, response: { 204: z.null() } } },
    async (req, reply) => {
      const { projectId, userId } = req.params;
      const actorId = actorOf(req).userId;
      await removeMember(db, actorId, projectId, userId);
      // The removed person hears it too, so their open pages leave the project at once.
      await publishToMembers(deps, projectId, { type: 'member_removed', project_id: projectId, user_id: userId }, [
        userId,
      ]);
      if (actorId !== userId) await notifyMembership(deps, { kind: 'removed', projectId, actorId, userId });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/projects/:projectId/transfer',
    {
      onRequest: app.authenticate,
      schema: { tags, params: ProjectParams, body: TransferInput, response: { 200: Project } },
    },
    async (req) => {
      const { userId } = actorOf(req);
      const { projectId } = req.params;
      await transferOwnership(db, userId, projectId, req.body.user_id);
      for (const changed of [userId, req.body.user_id]) {
        await publishToMembers(deps, projectId, { type: 'member_updated', project_id: projectId, user_id: changed });
      }
      return getProject(db, userId, projectId);
    },
  );
};
