import {
  AcceptedInvitation,
  AddMemberInput,
  CreateProjectInput,
  Invitation,
  InvitationParams,
  InvitationPreview,
  InvitationTokenParams,
  Member,
  MemberList,
  MemberParams,
  Project,
  ProjectParams,
  TransferInput,
  UpdateMemberInput,
  UpdateProjectInput,
} from '@deckhand/contract/projects';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/auth-guard';
import { listSerializerCompiler } from '../../platform/list-serializer';
import { notifyMembership } from './notify';
import { listManagerIds, listMemberIds } from './service/access';
import {
  acceptInvitation,
  addMemberOrInvite,
  previewInvitation,
  resendInvitation,
  revokeInvitation,
} from './service/invitations';
import { listMembers, removeMember, transferOwnership, updateMemberRole } from './service/members';
import {
  createProject,
  deleteProject,
  getProject,
  listProjects,
  touchProject,
  updateProject,
} from './service/projects';

const tags = ['projects'];

/** Projects, members and invitations. Live events go out after each change has committed. */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db, live, events } = deps;

  async function publishInvitationChange(projectId: string) {
    live.publish(await listManagerIds(db, projectId), { type: 'invitation_updated', project_id: projectId });
  }

  async function publishToMembers(projectId: string, event: Parameters<typeof live.publish>[1], also: string[] = []) {
    live.publish([...new Set([...(await listMemberIds(db, projectId)), ...also])], event);
  }

  app.post(
    '/projects',
    { onRequest: app.authenticate, schema: { tags, body: CreateProjectInput, response: { 201: Project } } },
    async (req, reply) => {
      const { userId } = actorOf(req);
      const project = await createProject(db, userId, req.body);
      void events.record({ name: 'project_created', userId, properties: { project_id: project.id } });
      return reply.code(201).send(project);
    },
  );

  app.get(
    '/projects',
    {
      onRequest: app.authenticate,
      schema: { tags, response: { 200: z.array(Project) } },
      serializerCompiler: listSerializerCompiler,
    },
    (req) => listProjects(db, actorOf(req).userId),
  );

  app.get(
    '/projects/:projectId',
    { onRequest: app.authenticate, schema: { tags, params: ProjectParams, response: { 200: Project } } },
    (req) => getProject(db, actorOf(req).userId, req.params.projectId),
  );

  app.patch(
    '/projects/:projectId',
    {
      onRequest: app.authenticate,
      schema: { tags, params: ProjectParams, body: UpdateProjectInput, response: { 200: Project } },
    },
    async (req) => {
      const { project, memberIds } = await updateProject(db, actorOf(req).userId, req.params.projectId, req.body);
      live.publish(memberIds, { type: 'project_updated', project_id: project.id });
      return project;
    },
  );

  app.delete(
    '/projects/:projectId',
    { onRequest: app.authenticate, schema: { tags, params: ProjectParams, response: { 204: z.null() } } },
    async (req, reply) => {
      const { userId } = actorOf(req);
      const { projectId } = req.params;
      const memberIds = await deleteProject(db, userId, projectId);
      live.publish(memberIds, { type: 'project_deleted', project_id: projectId });
      void events.record({ name: 'project_deleted', userId, properties: { project_id: projectId } });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/projects/:projectId/members',
    {
      onRequest: app.authenticate,
      schema: { tags, params: ProjectParams, response: { 200: MemberList } },
      serializerCompiler: listSerializerCompiler,
    },
    (req) => listMembers(db, actorOf(req).userId, req.params.projectId),
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
        await publishInvitationChange(projectId);
        return reply.code(202).send(result.invitation);
      }
      await touchProject(db, projectId);
      await publishToMembers(projectId, {
        type: 'member_added',
        project_id: projectId,
        user_id: result.member.user_id,
      });
      void events.record({
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
      await publishToMembers(projectId, { type: 'member_updated', project_id: projectId, user_id: userId });
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
      await publishToMembers(projectId, { type: 'member_removed', project_id: projectId, user_id: userId }, [userId]);
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
        await publishToMembers(projectId, { type: 'member_updated', project_id: projectId, user_id: changed });
      }
      return getProject(db, userId, projectId);
    },
  );

  app.delete(
    '/projects/:projectId/invitations/:invitationId',
    { onRequest: app.authenticate, schema: { tags, params: InvitationParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await revokeInvitation(db, actorOf(req).userId, req.params.projectId, req.params.invitationId);
      await publishInvitationChange(req.params.projectId);
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
      await publishInvitationChange(req.params.projectId);
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
      await publishInvitationChange(accepted.projectId);
      if (accepted.joined) {
        await touchProject(db, accepted.projectId);
        await publishToMembers(accepted.projectId, {
          type: 'member_added',
          project_id: accepted.projectId,
          user_id: userId,
        });
        void events.record({
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
