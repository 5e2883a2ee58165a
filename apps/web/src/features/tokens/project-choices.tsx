import { tokenLimits } from '@deckhand/contract/tokens';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Button } from '../../ui/button';
import { DotsLoader } from '../../ui/dots-loader';
import { projectListQuery } from '../projects/api';

export interface ProjectChoicesProps {
  /** Checked projects; none means every project, including those joined later. */
  value: string[];
  onChange(value: string[]): void;
  disabled?: boolean;
  error?: string;
}

/** The projects a token may be limited to: the person's own, from the dashboard's list. */
export function ProjectChoices({ value, onChange, disabled = false, error }: ProjectChoicesProps) {
  const projects = useQuery(projectListQuery());
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  function toggle(projectId: string, checked: boolean): void {
    onChange(checked ? [...value, projectId] : value.filter((checkedId) => checkedId !== projectId));
  }

  function renderChoices() {
    if (projects.data === undefined) {
      if (!projects.isError) return <DotsLoader label="Loading projects" className="justify-start py-2" />;
      return (
        <p className="flex flex-wrap items-center gap-2 text-sm text-danger">
          Your projects could not be loaded.
          <Button size="sm" variant="secondary" disabled={projects.isFetching} onClick={() => void projects.refetch()}>
            Try again
          </Button>
        </p>
      );
    }
    if (projects.data.length === 0) return <p className="text-sm text-muted">You are not in any project yet.</p>;
    return (
      <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded-md border border-border p-2">
        {projects.data.map((project) => (
          <li key={project.id}>
            <label className="flex min-h-8 cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={value.includes(project.id)}
                onChange={(event) => toggle(project.id, event.target.checked)}
                className="accent-primary"
              />
              <span className="truncate">{project.name}</span>
            </label>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <fieldset
      disabled={disabled}
      aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
      className="flex flex-col gap-1.5"
    >
      <legend className="mb-1.5 text-sm font-medium">Projects</legend>
      {renderChoices()}
      <p id={hintId} className="text-xs text-muted">
        {value.length === 0
          ? 'None checked: all your projects, including those you join later.'
          : `Only the checked ${value.length === 1 ? 'project' : 'projects'}, at most ${tokenLimits.projectsMax}.`}
      </p>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
