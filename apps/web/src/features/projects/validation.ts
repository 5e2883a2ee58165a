import { projectLimits } from '@deckhand/contract/projects';

export interface ProjectDraft {
  name: string;
  description: string;
}

export type ProjectDraftErrors = Partial<Record<keyof ProjectDraft, string>>;

/** The contract's rules for a project's name and description, as field messages (empty when all is well). */
export function checkProjectDraft(draft: ProjectDraft): ProjectDraftErrors {
  const errors: ProjectDraftErrors = {};
  const name = draft.name.trim();
  if (name === '') errors.name = 'Please enter a project name.';
  else if (name.length > projectLimits.nameMaxLength) {
    errors.name = `Project names are at most ${projectLimits.nameMaxLength} characters (this one has ${name.length}).`;
  }
  const description = draft.description.trim();
  if (description.length > projectLimits.descriptionMaxLength) {
    errors.description = `Descriptions are at most ${projectLimits.descriptionMaxLength} characters.`;
  }
  return errors;
}

export function hasErrors(errors: ProjectDraftErrors): boolean {
  return Object.keys(errors).length > 0;
}
