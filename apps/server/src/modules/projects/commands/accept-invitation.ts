import { and, eq, isNull } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { projectInvitations, projectMembers } from '../../../db/schema/projects';
import { users } from '../../../db/schema/users';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { findUsableInvitation } from '../service/invitations';
import { memberRef } from '../service/members';
import { touchProject } from './touch-project';

/**
 * Joins the actor to the project the link invites to; the link works once. An actor who is already a member just
 * uses the link up and keeps their role. Records `invitation.changed`, and `member.added` (the actor is the new
 * member, `invitedBy` who sent the link) when they joined.
 * @throws projects/invitation-not-found · projects/invitation-expired · auth/unauthenticated (account gone)
 */
export async function acceptInvitation(
  deps: CommandDeps,
  actor: Actor,
  input: { token: string },
): Promise<{ projectId: string }> {
  return deps.events.transaction(async ({ tx, emit }) => {
    const row = await findUsableInvitation(tx, input.token);
    const [claimed] = await tx
      .update(projectInvitations)
      .set({ acceptedAt: new Date() })
      .where(and(eq(projectInvitations.id, row.id), isNull(projectInvitations.acceptedAt)))
      .returning();
    if (!claimed) throw new AppError('projects/invitation-expired', 'This invitation has already been used');
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.userId));
    if (!account) throw new AppError('auth/unauthenticated', 'This account no longer exists');
    const inserted = await tx
      .insert(projectMembers)
      .values({ projectId: row.projectId, userId: actor.userId, role: row.role })
      .onConflictDoNothing()
      .returning();
    const { projectId } = row;
    emit({ type: 'invitation.changed', actor, projectId });
    if (inserted.length > 0) {
      await touchProject(tx, projectId);
      emit({
        type: 'member.added',
        actor,
        projectId,
        member: await memberRef(tx, actor.userId),
        role: row.role,
        invitedBy: row.invitedBy,
      });
    }
    return { projectId };
  });
}
