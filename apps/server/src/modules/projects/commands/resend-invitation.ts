import type { Invitation } from '@deckhand/contract/projects';
import type { CommandDeps } from '../../../app-deps';
import type { Actor } from '../../../platform/actor';
import { issueInvitationLink, requirePendingInvitation } from '../service/invitations';

/**
 * Mails a fresh link (new token, new expiry, sent by the actor); earlier links stop working. Records
 * `invitation.changed` with the mail.
 * @throws projects/not-found · projects/forbidden · projects/invitation-not-found
 */
export async function resendInvitation(
  deps: CommandDeps,
  actor: Actor,
  input: { projectId: string; invitationId: string },
): Promise<Invitation> {
  const { projectId, invitationId } = input;
  return deps.events.transaction(async ({ tx, emit }) => {
    const row = await requirePendingInvitation(tx, actor.userId, projectId, invitationId);
    const { invitation, mail } = await issueInvitationLink(tx, row, actor.userId);
    emit({ type: 'invitation.changed', actor, projectId, mail });
    return invitation;
  });
}
