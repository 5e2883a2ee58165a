import type { Project } from '@deckhand/contract/projects';
import { and, eq } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { projectMembers } from '../../../db/schema/projects';
import type { Actor } from '../../../platform/actor';
import { AppError } from '../../../platform/errors';
import { canTransferOwnership } from '../policy';
import { forbidden, requireMembership } from '../queries/access';
import { getProject } from '../queries/projects';
import { memberRef } from '../service/members';

/**
 * Makes another member the owner; the actor, the owner until now, becomes an admin. There is always exactly one
 * owner (a partial unique index backs this up). Records `member.role_changed` for each of them, the old owner first.
 * @throws projects/not-found · projects/forbidden (not the owner) · request/invalid (to yourself)
 * @returns the project as the actor now sees it
 */
export async function transferOwnership(
  deps: CommandDeps,
  actor: Actor,
  input: { projectId: string; userId: string },
): Promise<Project> {
  const { projectId, userId } = input;
  return deps.events.transaction(async ({ tx, emit }) => {
    const actorRole = await requireMembership(tx, projectId, actor.userId);
    if (!canTransferOwnership(actorRole)) throw forbidden('Only the owner can transfer ownership');
    if (userId === actor.userId) throw new AppError('request/invalid', 'user_id: you already own this project');
    const targetRole = await requireMembership(tx, projectId, userId);
    const previousOwner = await memberRef(tx, actor.userId);
    const newOwner = await memberRef(tx, userId);
    await tx
      .update(projectMembers)
      .set({ role: 'admin' })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, actor.userId)));
    await tx
      .update(projectMembers)
      .set({ role: 'owner' })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
    emit({ type: 'member.role_changed', actor, projectId, member: previousOwner, from: actorRole, to: 'admin' });
    emit({ type: 'member.role_changed', actor, projectId, member: newOwner, from: targetRole, to: 'owner' });
    return getProject(tx, actor.userId, projectId);
  });
}
