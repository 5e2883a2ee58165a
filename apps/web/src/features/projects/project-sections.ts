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

/** The area `pathname` belongs to; card and chat pages belong to `cards`. */
export function projectSectionOf(pathname: string, projectId: string): ProjectSection {
  const first = pathname.slice(`/${projectId}`.length).split('/').find(Boolean);
  return projectSections.find((entry) => entry.section === first && first !== 'cards')?.section ?? 'cards';
}

/** Where the project switcher goes: the same area of the other project (a card page becomes its card list). */
export function switchProjectPath(pathname: string, fromProjectId: string, toProjectId: string): string {
  return projectSectionPath(toProjectId, projectSectionOf(pathname, fromProjectId));
}
