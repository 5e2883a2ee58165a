import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { SelectField } from '../../../ui/select-field';
import { SettingsSection } from '../../../ui/settings-section';
import { toast } from '../../../ui/toast';
import { type ProjectDetails, projectMembersQuery, useTransferOwnership } from '../api';
import { projectErrorMessage } from '../messages';

export interface TransferOwnershipSectionProps {
  project: ProjectDetails;
}

/** The owner hands the project to another member and becomes an admin. */
export function TransferOwnershipSection({ project }: TransferOwnershipSectionProps) {
  const { data } = useQuery(projectMembersQuery(project.id));
  const transfer = useTransferOwnership(project.id);
  const [chosen, setChosen] = useState('');
  const [confirming, setConfirming] = useState(false);
  const candidates = (data?.members ?? []).filter((member) => member.role !== 'owner');
  const target = candidates.find((member) => member.userId === chosen) ?? candidates[0];

  async function handleTransfer(): Promise<void> {
    if (!target) return;
    try {
      await transfer.mutateAsync({ user_id: target.userId });
      setConfirming(false);
      toast.success(`${target.name} is now the owner of ${project.name}.`);
    } catch (error) {
      toast.error(projectErrorMessage(error, 'Ownership could not be transferred. Please try again.'));
    }
  }

  return (
    <SettingsSection
      title="Transfer ownership"
      tone="danger"
      description="The new owner can delete the project and change its owner; you stay on as an admin."
    >
      {target ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <SelectField
            label="New owner"
            className="min-w-0 flex-1"
            options={candidates.map((member) => ({ value: member.userId, label: `${member.name} (${member.email})` }))}
            value={target.userId}
            onChange={(event) => setChosen(event.target.value)}
          />
          <Button variant="danger" className="shrink-0" onClick={() => setConfirming(true)}>
            Transfer ownership
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted">Ownership can only go to a member: invite someone first.</p>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Transfer ownership?"
        confirmLabel="Transfer ownership"
        onConfirm={() => void handleTransfer()}
        pending={transfer.isPending}
      >
        <p>
          {target?.name} ({target?.email}) becomes the owner of {project.name}. You become an admin, and only the new
          owner can give ownership back.
        </p>
      </ConfirmDialog>
    </SettingsSection>
  );
}
