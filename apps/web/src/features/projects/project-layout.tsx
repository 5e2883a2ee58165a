import type { ReactNode } from 'react';

export interface ProjectLayoutProps {
  /** What to show when the project does not exist or the user is not a member (DESIGN.md §6). */
  notFound: ReactNode;
}

/**
 * /:id and its children (cards, my-work, settings, kanban, card and chat pages).
 * The server has no projects yet, so no id can name one the user belongs to: every id is "unknown".
 * When projects land, this loads the project and renders its navigation and <Outlet />.
 */
export function ProjectLayout({ notFound }: ProjectLayoutProps) {
  return notFound;
}
