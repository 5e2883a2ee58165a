/** The areas of a project, in navigation order; `cards` is the index route. */
export const projectSections = [
  { section: 'cards', label: 'Cards' },
  { section: 'kanban', label: 'Kanban' },
  { section: 'my-work', label: 'My work' },
  { section: 'settings', label: 'Settings' },
] as const;

export type ProjectSection = (typeof projectSections)[number]['section'];

export function projectSectionPath(projectId: string, section: ProjectSection): string {
  return section === 'cards' ? `/${projectId}` : `/${projectId}/${section}`;
}

/**
 * The area a project's `pathname` (`/{project id}/…`) belongs to, whichever project it is; card and chat pages
 * belong to `cards`.
 */
export function projectSectionOf(pathname: string): ProjectSection {
  const second = pathname.split('/').filter(Boolean)[1];
  return projectSections.find((entry) => entry.section === second && second !== 'cards')?.section ?? 'cards';
}

/** Where the project switcher goes: the same area of the other project (a card page becomes its card list). */
export function switchProjectPath(pathname: string, toProjectId: string): string {
  return projectSectionPath(toProjectId, projectSectionOf(pathname));
}
