import { type AssignableRole, assignableRoles } from '@deckhand/contract/projects';
import { type FormEvent, useState } from 'react';
import { errorCodeOf } from '../../../lib/api';
import { Button } from '../../../ui/button';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { useAddMember } from '../members-api';
import { projectErrorMessage, roleLabels } from '../messages';

export interface InviteFormProps {
  projectId: string;
}

const roleOptions = assignableRoles.map((role) => ({ value: role, label: roleLabels[role] }));

function isAssignableRole(value: string): value is AssignableRole {
  return assignableRoles.some((role) => role === value);
}

/** Adds an existing account at once (201), or mails an invitation to an unknown address (202). */
export function InviteForm({ projectId }: InviteFormProps) {
  const add = useAddMember(projectId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');
  const [emailError, setEmailError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const address = email.trim();
    if (address === '') {
      setEmailError('Please enter an email address.');
      return;
    }
    try {
      const result = await add.mutateAsync({ email: address, role });
      toast.success(
        result.kind === 'member' ? `Added ${result.member.email}` : `Invitation sent to ${result.invitation.email}`,
      );
      setEmail('');
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'auth/invalid-email' || code === 'projects/already-member') {
        setEmailError(projectErrorMessage(error));
        return;
      }
      toast.error(projectErrorMessage(error, 'The invitation could not be sent. Please try again.'));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <TextField
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="off"
        className="flex-1"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          setEmailError(null);
        }}
        error={emailError}
      />
      <SelectField
        label="Role"
        options={roleOptions}
        value={role}
        onChange={(event) => {
          if (isAssignableRole(event.target.value)) setRole(event.target.value);
        }}
      />
      <Button type="submit" className="sm:mt-7" disabled={add.isPending}>
        Invite
      </Button>
    </form>
  );
}
