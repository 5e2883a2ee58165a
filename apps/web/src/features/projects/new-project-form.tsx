import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { TextAreaField } from '../../ui/text-area-field';
import { TextField } from '../../ui/text-field';
import { useCreateProject } from './api';
import { projectErrorMessage } from './messages';
import { checkProjectDraft, hasErrors, type ProjectDraft, type ProjectDraftErrors } from './validation';

export interface NewProjectFormProps {
  onCancel(): void;
  /** Called once the project exists, just before it opens (a dialog that outlives the page closes here). */
  onCreated?: () => void;
}

/** Creates a project (the creator owns it) and opens it. */
export function NewProjectForm({ onCancel, onCreated }: NewProjectFormProps) {
  const navigate = useNavigate();
  const create = useCreateProject();
  const [draft, setDraft] = useState<ProjectDraft>({ name: '', description: '' });
  const [errors, setErrors] = useState<ProjectDraftErrors>({});
  const nameField = useRef<HTMLInputElement>(null);

  function change(field: keyof ProjectDraft, value: string): void {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const problems = checkProjectDraft(draft);
    setErrors(problems);
    if (hasErrors(problems)) {
      if (problems.name) nameField.current?.focus();
      return;
    }
    const description = draft.description.trim();
    try {
      const project = await create.mutateAsync({
        name: draft.name.trim(),
        ...(description ? { description } : {}),
      });
      onCreated?.();
      navigate(`/${project.id}`);
    } catch (error) {
      console.warn('The project was not created', error);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <TextField
        ref={nameField}
        label="Project name"
        name="name"
        autoComplete="off"
        value={draft.name}
        onChange={(event) => change('name', event.target.value)}
        error={errors.name}
      />
      <TextAreaField
        label="Description"
        name="description"
        hint="Optional: what the project is about, for the people you invite."
        value={draft.description}
        onChange={(event) => change('description', event.target.value)}
        error={errors.description}
      />
      {create.isError ? (
        <p role="alert" className="rounded-md border border-danger bg-danger-soft p-3 text-sm">
          {projectErrorMessage(create.error, 'The project could not be created. Please try again.')}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          Create project
        </Button>
      </div>
    </form>
  );
}
