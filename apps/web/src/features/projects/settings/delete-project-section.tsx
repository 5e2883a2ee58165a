import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { SettingsSection } from '../../../ui/settings-section';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { type ProjectDetails, useDeleteProject } from '../api';
import { projectErrorMessage } from '../messages';

export interface DeleteProjectSectionProps {
  project: ProjectDetails;
}

/** The owner deletes the project, after typing its name exactly. */
export function DeleteProjectSection({ project }: DeleteProjectSectionProps) {
  const navigate = useNavigate();
  const remove = useDeleteProject(project.id);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState('');

  function handleOpenChange(open: boolean): void {
    setConfirming(open);
    if (!open) setTyped('');
  }

  async function handleDelete(): Promise<void> {
    try {
      await remove.mutateAsync();
      toast.success(`${project.name} was deleted.`);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      toast.error(projectErrorMessage(error, 'The project could not be deleted. Please try again.'));
    }
  }

  return (
    <SettingsSection
      title="Delete project"
      tone="danger"
      description="Deletes the project with everything in it, for every member. This cannot be undone."
    >
      <Button variant="danger" onClick={() => setConfirming(true)}>
        Delete project
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={handleOpenChange}
        title={`Delete ${project.name}?`}
        confirmLabel="Delete"
        onConfirm={() => void handleDelete()}
        pending={remove.isPending}
        canConfirm={typed === project.name}
      >
        <p>
          Everything in <strong>{project.name}</strong> will be deleted for all its members. Type the project's name to
          confirm.
        </p>
        <TextField
          label="Project name to confirm"
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </ConfirmDialog>
    </SettingsSection>
  );
}
