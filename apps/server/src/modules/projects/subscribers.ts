import type { AppDeps } from '../../app-deps';
import { invitationMail } from './mails';
import { notifyMembership } from './notify';
import { forgetMemberIds, publishInvitationChange, publishToMembers } from './queries/audience';

/** What follows a change of projects, members and invitations: live events, usage events, notifications and mails. */
export function registerProjectSubscribers(deps: AppDeps): void {
  const { events } = deps;

  events.subscribe({
    name: 'projects.member-ids',
    on: ['member.added', 'member.role_changed', 'member.removed', 'project.deleted', 'project.imported'],
    everyInstance: true,
    handle: (event) => forgetMemberIds(deps, event.projectId),
  });

  // Everyone an import added learns of the project at once; the importer's own dashboard too.
  events.subscribe({
    name: 'projects.imported-live',
    on: ['project.imported'],
    handle(event) {
      for (const { userId } of event.members) {
        deps.live.publish([userId], { type: 'member_added', project_id: event.projectId, user_id: userId });
      }
    },
  });

  events.subscribe({
    name: 'projects.live',
    on: [
      'project.updated',
      'project.deleted',
      'member.added',
      'member.role_changed',
      'member.removed',
      'invitation.changed',
    ],
    async handle(event) {
      const { projectId } = event;
      switch (event.type) {
        case 'project.updated':
          await publishToMembers(deps, projectId, { type: 'project_updated', project_id: projectId });
          return;
        case 'project.deleted':
          deps.live.publish(event.memberIds, { type: 'project_deleted', project_id: projectId });
          return;
        case 'member.added':
          await publishToMembers(deps, projectId, {
            type: 'member_added',
            project_id: projectId,
            user_id: event.member.userId,
          });
          return;
        case 'member.role_changed':
          await publishToMembers(deps, projectId, {
            type: 'member_updated',
            project_id: projectId,
            user_id: event.member.userId,
          });
          return;
        case 'member.removed':
          // The removed person hears it too, so their open pages leave the project at once.
          await publishToMembers(
            deps,
            projectId,
            { type: 'member_removed', project_id: projectId, user_id: event.member.userId },
            [event.member.userId],
          );
          return;
        default:
          await publishInvitationChange(deps, projectId);
      }
    },
  });

  events.subscribe({
    name: 'projects.usage',
    on: ['project.created', 'project.imported', 'project.deleted', 'member.added'],
    handle(event) {
      const userId = event.actor?.userId;
      const project_id = event.projectId;
      if (event.type === 'member.added') {
        void deps.usage.record({
          name: 'project_member_added',
          userId,
          properties: { project_id, user_id: event.member.userId },
        });
        return;
      }
      // A project deleted by no one is an import's rollback: it never existed for anyone.
      if (event.type === 'project.deleted' && !event.actor) return;
      const name = event.type === 'project.deleted' ? 'project_deleted' : 'project_created';
      void deps.usage.record({ name, userId, properties: { project_id } });
    },
  });

  // Joining by an invitation tells the inviter; being added, having one's role changed (not by a transfer of
  // ownership) or being removed by someone else tells the member. Stored before the change is answered, as the
  // notification list read next shows it.
  events.subscribe({
    name: 'projects.membership-notifications',
    on: ['member.added', 'member.role_changed', 'member.removed'],
    durable: true,
    awaited: true,
    wants(event) {
      const actorId = event.actor?.userId;
      if (!actorId) return false;
      const joined = event.member.userId === actorId;
      if (event.type === 'member.added') return joined ? event.invitedBy !== null && event.invitedBy !== actorId : true;
      if (event.type === 'member.role_changed') return !joined && event.from !== 'owner' && event.to !== 'owner';
      return !joined;
    },
    async handle(event) {
      const actorId = event.actor?.userId;
      if (!actorId) return;
      const { projectId, member } = event;
      if (event.type === 'member.added') {
        if (member.userId !== actorId) {
          await notifyMembership(deps, { kind: 'added', projectId, actorId, userId: member.userId, role: event.role });
        } else if (event.invitedBy) {
          await notifyMembership(deps, { kind: 'invitation-accepted', projectId, actorId, inviterId: event.invitedBy });
        }
      } else if (event.type === 'member.role_changed') {
        await notifyMembership(deps, {
          kind: 'role-changed',
          projectId,
          actorId,
          userId: member.userId,
          role: event.to,
        });
      } else {
        await notifyMembership(deps, { kind: 'removed', projectId, actorId, userId: member.userId });
      }
    },
  });

  events.subscribe({
    name: 'projects.invitation-mails',
    on: ['invitation.changed'],
    durable: true,
    wants: (event) => event.mail !== undefined,
    async handle(event) {
      const { mail } = event;
      if (!mail) return;
      const url = `${deps.config.publicUrl}/invitations/${encodeURIComponent(mail.token)}`;
      await deps.mailer.send(invitationMail(mail.to, mail.inviterName, mail.projectName, url));
    },
  });
}
