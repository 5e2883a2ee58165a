import { and, eq } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { projectMembers } from '../../../db/schema/projects';
import type { Actor } from '../../../platform/actor';
import { canRemoveMember } from '../policy';
import { forbidden, requireMembership } from '../queries/access';
import { memberRef, ownerRequired } from '../service/members';

/**
 * Removes a member, or lets the actor leave (`userId` is their own); records `member.removed`.
 * @throws projects/not-found · projects/forbidden · projects/owner-required
 */
export async function removeMember(
  deps: CommandDeps,
  actor: Actor,
  input: { projectId: string; userId: string },
): Promise<void> {
  const { projectId, userId } = input;
  await deps.events.transaction(async ({ tx, emit }) => {
    const actorRole = await requireMembership(tx, projectId, actor.userId);
    const targetRole = await requireMembership(tx, projectId, userId);
    if (targetRole === 'owner') throw ownerRequired('The owner cannot leave; transfer ownership first');
    if (!canRemoveMember({ role: actorRole, userId: actor.userId }, { role: targetRole, userId })) {
      throw forbidden('Only admins can remove other members');
    }
    const member = await memberRef(tx, userId);
    await tx
      .delete(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    emit({ type: 'member.removed', actor, projectId, member, role: targetRole });
  });
}
