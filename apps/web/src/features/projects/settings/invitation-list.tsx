import { SettingsSection } from '../../../ui/settings-section';
import type { PendingInvitation } from '../api';
import { InvitationRow } from './invitation-row';

export interface InvitationListProps {
  projectId: string;
  invitations: PendingInvitation[];
}

/** Invitations mailed but not accepted yet (admins only). */
export function InvitationList({ projectId, invitations }: InvitationListProps) {
  return (
    <SettingsSection title="Pending invitations">
      {invitations.length === 0 ? (
        <p className="text-sm text-muted">No invitations are waiting for an answer.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.id} projectId={projectId} invitation={invitation} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
