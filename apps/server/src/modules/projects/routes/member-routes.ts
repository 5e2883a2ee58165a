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
import { addMember } from '../commands/add-member';
import { removeMember } from '../commands/remove-member';
import { transferOwnership } from '../commands/transfer-ownership';
import { updateMemberRole } from '../commands/update-member-role';
import { createListAnswers } from '../queries/list-answers';

const tags = ['projects'];

/** A project's members: list, add (or invite), change role, remove or leave, and ownership transfer. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
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
      const result = await addMember(deps, actorOf(req), { ...req.body, projectId: req.params.projectId });
      if (result.kind === 'invitation') return reply.code(202).send(result.invitation);
      return reply.code(201).send(result.member);
    },
  );

  app.patch(
    '/projects/:projectId/members/:userId',
    {
      onRequest: app.authenticate,
      schema: { tags, params: MemberParams, body: UpdateMemberInput, response: { 200: Member } },
    },
    (req) => updateMemberRole(deps, actorOf(req), { ...req.params, role: req.body.role }),
  );

  app.delete(
    '/projects/:projectId/members/:userId',
    { onRequest: app.authenticate, schema: { tags, params: MemberParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await removeMember(deps, actorOf(req), req.params);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/projects/:projectId/transfer',
    {
      onRequest: app.authenticate,
      schema: { tags, params: ProjectParams, body: TransferInput, response: { 200: Project } },
    },
    (req) => transferOwnership(deps, actorOf(req), { projectId: req.params.projectId, userId: req.body.user_id }),
  );
};
