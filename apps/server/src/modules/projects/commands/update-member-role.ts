import type { AssignableRole, Member } from '@deckhand/contract/projects';
import { and, eq } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { projectMembers } from '../../../db/schema/projects';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { canManageMembers } from '../policy';
import { forbidden, requireMembership } from '../queries/access';
import { getMember } from '../service/member-dto';
import { ownerRequired } from '../service/members';

/**
 * Gives a member another role (the owner's changes only by a transfer); records `member.role_changed`.
 * @throws projects/not-found (caller or target) · projects/forbidden · projects/owner-required
 */
export async function updateMemberRole(
  deps: CommandDeps,
  actor: Actor,
  input: { projectId: string; userId: string; role: AssignableRole },
): Promise<Member> {
  const { projectId, userId, role } = input;
  return deps.events.transaction(async ({ tx, emit }) => {
    const actorRole = await requireMembership(tx, projectId, actor.userId);
    if (!canManageMembers(actorRole)) throw forbidden('Only admins can change roles');
    const targetRole = await requireMembership(tx, projectId, userId);
    if (targetRole === 'owner') throw ownerRequired('The owner keeps that role until ownership is transferred');
    await tx
      .update(projectMembers)
      .set({ role })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    const member = await getMember(tx, { userId: actor.userId, role: actorRole }, projectId, userId);
    if (!member) throw new AppError('projects/not-found', 'No such member');
    emit({
      type: 'member.role_changed',
      actor,
      projectId,
      member: { userId, name: member.name },
      from: targetRole,
      to: member.role,
    });
    return member;
  });
}
