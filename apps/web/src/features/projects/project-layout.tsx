import type { ReactNode } from 'react';
import { isProjectId } from '../../lib/ids';
import { ProjectFrame } from './project-frame';
import { useRouteProjectId } from './use-route-project';

export interface ProjectLayoutProps {
  /** What to show when the project does not exist or the user is not a member (DESIGN.md §6). */
  notFound: ReactNode;
  /** Called once per visit of a project that loaded (the profile remembers it as the last project). */
  onProjectOpened(projectId: string): void;
}

/** /:id and its children (cards, my-work, settings, kanban, card and chat pages). */
export function ProjectLayout({ notFound, onProjectOpened }: ProjectLayoutProps) {
  const projectId = useRouteProjectId();
  if (!isProjectId(projectId)) return notFound;
  return <ProjectFrame projectId={projectId} notFound={notFound} onProjectOpened={onProjectOpened} />;
}
