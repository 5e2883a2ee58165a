import type { AddMemberInput, Invitation, Member } from '@deckhand/contract/projects';
import type { CommandDeps } from '../../../app-deps';
import { projectMembers } from '../../../db/schema/projects';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { findUserByEmail, requireValidEmail } from '../../auth/queries/users';
import { canManageMembers } from '../policy';
import { forbidden, requireMembership } from '../queries/access';
import { issueInvitationLink, upsertPendingInvitation } from '../service/invitations';
import { getMember } from '../service/member-dto';
import { touchProject } from './touch-project';

export type AddResult = { kind: 'member'; member: Member } | { kind: 'invitation'; invitation: Invitation };

/**
 * Adds an existing account at once (records `member.added`); invites an unknown address by mail, and inviting it
 * again sends a fresh link (records `invitation.changed` with the mail).
 * @throws projects/not-found · projects/forbidden · auth/invalid-email · projects/already-member
 */
export async function addMember(
  deps: CommandDeps,
  actor: Actor,
  input: AddMemberInput & { projectId: string },
): Promise<AddResult> {
  const { projectId, role } = input;
  return deps.events.transaction(async ({ tx, emit }): Promise<AddResult> => {
    const actorRole = await requireMembership(tx, projectId, actor.userId);
    if (!canManageMembers(actorRole)) throw forbidden('Only admins can add members');
    const email = requireValidEmail(input.email);
    const user = await findUserByEmail(tx, email);
    if (!user) {
      const row = await upsertPendingInvitation(tx, projectId, email, role);
      const { invitation, mail } = await issueInvitationLink(tx, row, actor.userId);
      emit({ type: 'invitation.changed', actor, projectId, mail });
      return { kind: 'invitation', invitation };
    }
    const inserted = await tx
      .insert(projectMembers)
      .values({ projectId, userId: user.id, role })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) throw new AppError('projects/already-member', 'This person is already a member');
    const member = await getMember(tx, { userId: actor.userId, role: actorRole }, projectId, user.id);
    if (!member) throw new Error('member vanished after insert');
    await touchProject(tx, projectId);
    emit({
      type: 'member.added',
      actor,
      projectId,
      member: { userId: member.user_id, name: member.name },
      role: member.role,
      invitedBy: null,
    });
    return { kind: 'member', member };
  });
}
