import { Link, useLocation } from 'react-router';
import { projectSectionOf, projectSectionPath, projectSections } from './project-sections';

export interface ProjectNavProps {
  projectId: string;
}

/** Cards, Kanban, My work, Settings (DESIGN.md §6); the current area is marked with aria-current. */
export function ProjectNav({ projectId }: ProjectNavProps) {
  const { pathname } = useLocation();
  const active = projectSectionOf(pathname);
  return (
    <nav aria-label="Project" className="-mb-px flex gap-1 overflow-x-auto">
      {projectSections.map(({ section, label }) => {
        const path = projectSectionPath(projectId, section);
        const isActive = section === active;
        // A card page is inside Cards without being the Cards page itself.
        const current = isActive ? (pathname.replace(/\/$/, '') === path ? 'page' : 'true') : undefined;
        return (
          <Link
            key={section}
            to={path}
            aria-current={current}
            className={`whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
              isActive ? 'border-primary text-fg' : 'border-transparent text-muted hover:border-border hover:text-fg'
            }`}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
