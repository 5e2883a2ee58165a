import { formatDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { toast } from '../../../ui/toast';
import type { PendingInvitation } from '../api';
import { useResendInvitation, useRevokeInvitation } from '../members-api';
import { projectErrorMessage, roleLabels } from '../messages';

export interface InvitationRowProps {
  projectId: string;
  invitation: PendingInvitation;
}

/** A pending invitation: resend it (a fresh link, a new week) or revoke it (the link stops working). */
export function InvitationRow({ projectId, invitation }: InvitationRowProps) {
  const resend = useResendInvitation(projectId);
  const revoke = useRevokeInvitation(projectId);
  const busy = resend.isPending || revoke.isPending;

  async function handleResend(): Promise<void> {
    try {
      await resend.mutateAsync(invitation.id);
      toast.success(`Invitation sent again to ${invitation.email}`);
    } catch (error) {
      toast.error(projectErrorMessage(error, 'The invitation could not be sent again. Please try again.'));
    }
  }

  async function handleRevoke(): Promise<void> {
    try {
      await revoke.mutateAsync(invitation.id);
      toast.success(`Invitation to ${invitation.email} revoked`);
    } catch (error) {
      toast.error(projectErrorMessage(error, 'The invitation could not be revoked. Please try again.'));
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium break-all">{invitation.email}</p>
        <p className="text-sm text-muted">
          {roleLabels[invitation.role]} · invited by {invitation.invitedBy.name} · expires{' '}
          {formatDate(invitation.expiresAt)}
        </p>
      </div>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Resend invitation to ${invitation.email}`}
          disabled={busy}
          onClick={() => void handleResend()}
        >
          Resend
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Revoke invitation to ${invitation.email}`}
          disabled={busy}
          onClick={() => void handleRevoke()}
        >
          Revoke
        </Button>
      </div>
    </li>
  );
}
