import { eq } from 'drizzle-orm';
import type { CommandDeps } from '../../../app-deps';
import { projectInvitations } from '../../../db/schema/projects';
import type { Actor } from '../../../platform/actor';
import { requirePendingInvitation } from '../service/invitations';

/**
 * Withdraws a pending invitation: its link stops working. Records `invitation.changed`.
 * @throws projects/not-found · projects/forbidden · projects/invitation-not-found
 */
export async function revokeInvitation(
  deps: CommandDeps,
  actor: Actor,
  input: { projectId: string; invitationId: string },
): Promise<void> {
  const { projectId, invitationId } = input;
  await deps.events.transaction(async ({ tx, emit }) => {
    await requirePendingInvitation(tx, actor.userId, projectId, invitationId);
    await tx.update(projectInvitations).set({ revokedAt: new Date() }).where(eq(projectInvitations.id, invitationId));
    emit({ type: 'invitation.changed', actor, projectId });
  });
}
