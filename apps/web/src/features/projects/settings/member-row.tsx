import { type AssignableRole, assignableRoles } from '@deckhand/contract/projects';
import { useState } from 'react';
import { Avatar } from '../../../ui/avatar';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { SelectField } from '../../../ui/select-field';
import { toast } from '../../../ui/toast';
import type { ProjectMember } from '../api';
import { useRemoveMember, useUpdateMemberRole } from '../members-api';
import { projectErrorMessage, roleLabels } from '../messages';

export interface MemberRowProps {
  projectId: string;
  member: ProjectMember;
  isMe: boolean;
}

const roleOptions = assignableRoles.map((role) => ({ value: role, label: roleLabels[role] }));

function isAssignableRole(value: string): value is AssignableRole {
  return assignableRoles.some((role) => role === value);
}

/** A member, with the role select and Remove button the server's `abilities` allow the caller. */
export function MemberRow({ projectId, member, isMe }: MemberRowProps) {
  const updateRole = useUpdateMemberRole(projectId);
  const remove = useRemoveMember(projectId);
  const [confirming, setConfirming] = useState(false);

  async function handleRoleChange(value: string): Promise<void> {
    if (!isAssignableRole(value)) return;
    try {
      await updateRole.mutateAsync({ userId: member.userId, role: value });
      toast.success(`${member.name} is now ${roleLabels[value].toLowerCase()}.`);
    } catch (error) {
      toast.error(projectErrorMessage(error, `The role of ${member.name} could not be changed.`));
    }
  }

  async function handleRemove(): Promise<void> {
    try {
      await remove.mutateAsync(member.userId);
      setConfirming(false);
      toast.success(`${member.name} was removed from the project.`);
    } catch (error) {
      toast.error(projectErrorMessage(error, `${member.name} could not be removed.`));
    }
  }

  const roleControl = member.abilities.changeRole ? (
    <SelectField
      className="min-w-28"
      label={`Role of ${member.name} (${member.email})`}
      hideLabel
      options={roleOptions}
      value={updateRole.isPending ? updateRole.variables.role : member.role}
      disabled={updateRole.isPending}
      onChange={(event) => void handleRoleChange(event.target.value)}
    />
  ) : (
    roleLabels[member.role]
  );
  // Leaving yourself has its own section.
  const removeButton =
    member.abilities.remove && !isMe ? (
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Remove ${member.name} (${member.email})`}
        onClick={() => setConfirming(true)}
      >
        Remove
      </Button>
    ) : null;

  return (
    <tr className="border-b border-border last:border-b-0">
      <td className="px-2 py-2">
        <span className="flex items-center gap-2">
          <Avatar name={member.name} color={member.color} avatarUrl={member.avatarUrl} size={28} />
          <span className="min-w-0">
            <span className="font-medium">{member.name}</span>
            {isMe ? <span className="text-muted"> (you)</span> : null}
            {/* A phone has no room for the Email column: the address goes under the name. */}
            <span className="block text-muted [overflow-wrap:anywhere] sm:hidden">{member.email}</span>
          </span>
        </span>
      </td>
      <td className="hidden px-2 py-2 break-all sm:table-cell">{member.email}</td>
      <td className="px-2 py-2">
        {/* Remove goes under the role where the row is narrow (a phone), beside it otherwise. */}
        <span className="flex flex-wrap items-center justify-end gap-2">
          {roleControl}
          {removeButton}
        </span>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Remove ${member.name}?`}
          confirmLabel="Remove"
          onConfirm={() => void handleRemove()}
          pending={remove.isPending}
        >
          <p>
            {member.name} ({member.email}) will no longer see this project. You can invite them again later.
          </p>
        </ConfirmDialog>
      </td>
    </tr>
  );
}
