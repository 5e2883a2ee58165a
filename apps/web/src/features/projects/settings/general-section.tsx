import { type FormEvent, useState } from 'react';
import { Button } from '../../../ui/button';
import { SettingsSection } from '../../../ui/settings-section';
import { TextAreaField } from '../../../ui/text-area-field';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { type ProjectDetails, useUpdateProject } from '../api';
import { projectErrorMessage } from '../messages';
import { checkProjectDraft, hasErrors, type ProjectDraft, type ProjectDraftErrors } from '../validation';

export interface GeneralSectionProps {
  project: ProjectDetails;
}

/** Name and description; editable when the server says so (abilities.edit). */
export function GeneralSection({ project }: GeneralSectionProps) {
  const update = useUpdateProject(project.id);
  // Null while untouched, so a rename by someone else (live) shows up instead of a stale copy.
  const [draft, setDraft] = useState<ProjectDraft | null>(null);
  const [errors, setErrors] = useState<ProjectDraftErrors>({});
  const canEdit = project.abilities.edit;
  const shown = draft ?? { name: project.name, description: project.description };

  function change(field: keyof ProjectDraft, value: string): void {
    setDraft({ ...shown, [field]: value });
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const problems = checkProjectDraft(shown);
    setErrors(problems);
    if (hasErrors(problems)) return;
    const name = shown.name.trim();
    const description = shown.description.trim();
    try {
      await update.mutateAsync({
        ...(name !== project.name ? { name } : {}),
        ...(description !== project.description ? { description } : {}),
      });
      setDraft(null);
      toast.success('Project settings saved.');
    } catch (error) {
      toast.error(projectErrorMessage(error, 'The project settings could not be saved. Please try again.'));
    }
  }

  return (
    <SettingsSection
      title="General"
      description={canEdit ? undefined : 'Your role lets you see these settings but not change them.'}
    >
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
        <TextField
          label="Project name"
          name="name"
          autoComplete="off"
          value={shown.name}
          disabled={!canEdit}
          onChange={(event) => change('name', event.target.value)}
          error={errors.name}
        />
        <TextAreaField
          label="Description"
          name="description"
          value={shown.description}
          disabled={!canEdit}
          onChange={(event) => change('description', event.target.value)}
          error={errors.description}
        />
        {canEdit ? (
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending || draft === null}>
              Save
            </Button>
          </div>
        ) : null}
      </form>
    </SettingsSection>
  );
}
