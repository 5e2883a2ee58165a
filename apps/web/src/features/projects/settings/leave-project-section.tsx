import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth-context';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { SettingsSection } from '../../../ui/settings-section';
import { toast } from '../../../ui/toast';
import type { ProjectDetails } from '../api';
import { useLeaveProject } from '../members-api';
import { projectErrorMessage } from '../messages';

export interface LeaveProjectSectionProps {
  project: ProjectDetails;
}

/** Anyone but the owner can leave (the owner transfers ownership first). */
export function LeaveProjectSection({ project }: LeaveProjectSectionProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const leave = useLeaveProject(project.id, user?.id ?? '');
  const [confirming, setConfirming] = useState(false);

  async function handleLeave(): Promise<void> {
    try {
      await leave.mutateAsync();
      toast.success(`You left ${project.name}.`);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      toast.error(projectErrorMessage(error, 'You could not leave the project. Please try again.'));
    }
  }

  return (
    <SettingsSection
      title="Leave project"
      tone="danger"
      description="You will no longer see this project. To come back, someone has to invite you again."
    >
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Leave project
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Leave ${project.name}?`}
        confirmLabel="Leave project"
        onConfirm={() => void handleLeave()}
        pending={leave.isPending}
      >
        <p>You will lose access to its cards, chats, tasks and files at once.</p>
      </ConfirmDialog>
    </SettingsSection>
  );
}
